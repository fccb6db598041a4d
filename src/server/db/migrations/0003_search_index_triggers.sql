-- Technician search is answered from an in-memory index and a result cache in each app
-- instance (ADR 005). Every change to a listed technician (any technician column; the user's
-- role, status, name, phone and e-mail) bumps search_index_state.version in the same
-- transaction, so an instance that reads the version before searching never answers from a
-- stale index or cached page.
INSERT INTO "search_index_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_search_index_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_index_state" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "technicians_search_index_ins_del"
AFTER INSERT OR DELETE OR TRUNCATE ON "technicians"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_index_version"();
--> statement-breakpoint
CREATE TRIGGER "technicians_search_index_upd"
AFTER UPDATE ON "technicians"
FOR EACH ROW
WHEN (OLD.* IS DISTINCT FROM NEW.*)
EXECUTE FUNCTION "bump_search_index_version"();
--> statement-breakpoint
CREATE TRIGGER "users_search_index_upd"
AFTER UPDATE ON "users"
FOR EACH ROW
WHEN (
  (OLD."role" = 'technician' OR NEW."role" = 'technician')
  AND (
    OLD."role" IS DISTINCT FROM NEW."role"
    OR OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."first_name" IS DISTINCT FROM NEW."first_name"
    OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
    OR OLD."phone" IS DISTINCT FROM NEW."phone"
    OR OLD."email" IS DISTINCT FROM NEW."email"
  )
)
EXECUTE FUNCTION "bump_search_index_version"();
