ALTER TABLE "verifications" ADD COLUMN "checked_registry" text;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "checked_reference" text;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "withdrawn_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_withdrawn_by_user_id_users_id_fk" FOREIGN KEY ("withdrawn_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- custom SQL: a technician's verified licence and insurance and verified certifications are on
-- their public listing (ADR 033), so a change to what a verification says about them is a
-- change to the technician for the search index's caches (ADR 005): reviewed, expired,
-- withdrawn, renamed, added or removed. Reminder stamps change nothing listed.
CREATE OR REPLACE FUNCTION "verifications_changed_ins"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_technician_changes"((SELECT array_agg("technician_id") FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "verifications_changed_del"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_technician_changes"((SELECT array_agg("technician_id") FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "verifications_changed_upd"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_technician_changes"((
    SELECT array_agg(x) FROM (
      SELECT unnest(array[o."technician_id", n."technician_id"]) AS x
      FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE o."verification_status" IS DISTINCT FROM n."verification_status"
        OR o."expiration_date" IS DISTINCT FROM n."expiration_date"
        OR o."withdrawn_at" IS DISTINCT FROM n."withdrawn_at"
        OR o."credential_name" IS DISTINCT FROM n."credential_name"
        OR o."verification_type" IS DISTINCT FROM n."verification_type"
        OR o."technician_id" IS DISTINCT FROM n."technician_id"
    ) c
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "verifications_search_index_ins" AFTER INSERT ON "verifications"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "verifications_changed_ins"();
--> statement-breakpoint
CREATE TRIGGER "verifications_search_index_del" AFTER DELETE ON "verifications"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "verifications_changed_del"();
--> statement-breakpoint
CREATE TRIGGER "verifications_search_index_upd" AFTER UPDATE ON "verifications"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "verifications_changed_upd"();
--> statement-breakpoint
CREATE TRIGGER "verifications_search_index_truncate" AFTER TRUNCATE ON "verifications"
FOR EACH STATEMENT EXECUTE FUNCTION "record_all_technicians_changed"();
