import type { MigrationLevel } from './inspect';

/** Where the database is: a PostgreSQL URL, or an embedded PGlite data directory. */
export type DatabaseLocation =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** Where uploaded documents are: a local folder (DATA_DIR/uploads) or an S3 bucket. */
export type UploadsLocation = { kind: 'local'; root: string } | { kind: 's3'; bucket: string };

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'wrenchly-backup/1';
export const UPLOADS_DIR = 'uploads';

export type BackupFile = { path: string; bytes: number; sha256: string };

export type Manifest = {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  appVersion: string;
  database: {
    kind: 'postgres' | 'pglite';
    /** The dump, next to the manifest: pg_dump's custom format, or PGlite's data dir tarball. */
    file: BackupFile;
    serverVersion: string;
    migrations: MigrationLevel;
  };
  /** Rows per table (`schema.table`), read in the same snapshot as the dump. */
  tables: Record<string, number>;
  uploads:
    | { kind: 'local'; dir: typeof UPLOADS_DIR; files: BackupFile[] }
    | { kind: 's3'; bucket: string; note: string };
  durationMs: number;
};

/** A refusal or failure the operator can act on: printed as it is, exit status 1. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
