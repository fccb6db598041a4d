-- custom SQL: the repair software catalogue is no longer a table. Its entries were downloads
-- (licence text files); the catalogue is now the in-app tools, fixed data in src/shared/tools.ts
-- with their tables bundled in the server (features/tools), so nothing of it lives in the database.
DROP TABLE IF EXISTS "software";
