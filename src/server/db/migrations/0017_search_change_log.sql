-- custom SQL: incremental freshness of the in-memory technician index (ADR 005).
-- Every statement that changes listed technicians still bumps search_index_state.version once
-- (writers serialise on that row until commit, so versions commit in order), and now also
-- records which technicians it changed under the new version. An instance that is behind reads
-- just those technicians again (O(changes)) instead of reloading everyone. A NULL technician_id
-- means "everything" (a TRUNCATE): instances reload in full. Old entries are pruned; an instance
-- behind `pruned_through` reloads in full.
CREATE TABLE IF NOT EXISTS "technician_changes" (
  "version" bigint NOT NULL,
  "technician_id" integer,
  "recorded_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "technician_changes_version_idx" ON "technician_changes" ("version");
--> statement-breakpoint
ALTER TABLE "search_index_state" ADD COLUMN IF NOT EXISTS "pruned_through" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "technicians_search_index_ins_del" ON "technicians";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "technicians_search_index_upd" ON "technicians";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_search_index_upd" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "subscriptions_search_index_ins_del" ON "subscriptions";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "subscriptions_search_index_upd" ON "subscriptions";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "plans_search_index_upd" ON "plans";
--> statement-breakpoint
-- One new version for the statement, with the technicians it changed (none: no new version).
CREATE OR REPLACE FUNCTION "record_technician_changes"(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  UPDATE "search_index_state" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
  INSERT INTO "technician_changes" ("version", "technician_id")
    SELECT v, x FROM (SELECT DISTINCT unnest(ids) AS x) d;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_all_technicians_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  UPDATE "search_index_state" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
  INSERT INTO "technician_changes" ("version", "technician_id") VALUES (v, NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "technicians_changed_ins"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_technician_changes"((SELECT array_agg("id") FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "technicians_changed_del"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_technician_changes"((SELECT array_agg("id") FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "technicians_changed_upd"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_technician_changes"((
    SELECT array_agg(n."id") FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE o IS DISTINCT FROM n
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "technicians_search_index_ins" AFTER INSERT ON "technicians"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "technicians_changed_ins"();
--> statement-breakpoint
CREATE TRIGGER "technicians_search_index_del" AFTER DELETE ON "technicians"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "technicians_changed_del"();
--> statement-breakpoint
CREATE TRIGGER "technicians_search_index_upd" AFTER UPDATE ON "technicians"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "technicians_changed_upd"();
--> statement-breakpoint
CREATE TRIGGER "technicians_search_index_truncate" AFTER TRUNCATE ON "technicians"
FOR EACH STATEMENT EXECUTE FUNCTION "record_all_technicians_changed"();
--> statement-breakpoint
-- A technician user's role, status, name, phone or e-mail (not sign-ins).
CREATE OR REPLACE FUNCTION "users_changed_upd"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_technician_changes"((
    SELECT array_agg(t."id") FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    JOIN "technicians" t ON t."user_id" = n."id"
    WHERE (o."role" = 'technician' OR n."role" = 'technician')
      AND (o."role" IS DISTINCT FROM n."role"
        OR o."status" IS DISTINCT FROM n."status"
        OR o."first_name" IS DISTINCT FROM n."first_name"
        OR o."last_name" IS DISTINCT FROM n."last_name"
        OR o."phone" IS DISTINCT FROM n."phone"
        OR o."email" IS DISTINCT FROM n."email")
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_search_index_upd" AFTER UPDATE ON "users"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "users_changed_upd"();
--> statement-breakpoint
-- Subscriptions: starting or ending, a plan or status change, a past-due period moving (ADR 014);
-- a successful renewal (active stays active, same plan, next period) changes nothing listed.
CREATE OR REPLACE FUNCTION "subscriptions_changed_ins"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_technician_changes"((SELECT array_agg("technician_id") FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "subscriptions_changed_del"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_technician_changes"((SELECT array_agg("technician_id") FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "subscriptions_changed_upd"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_technician_changes"((
    SELECT array_agg(x) FROM (
      SELECT unnest(array[o."technician_id", n."technician_id"]) AS x
      FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE o."status" IS DISTINCT FROM n."status"
        OR o."plan_id" IS DISTINCT FROM n."plan_id"
        OR o."technician_id" IS DISTINCT FROM n."technician_id"
        OR (n."status" = 'past_due' AND o."current_period_end" IS DISTINCT FROM n."current_period_end")
    ) c
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_search_index_ins" AFTER INSERT ON "subscriptions"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscriptions_changed_ins"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_search_index_del" AFTER DELETE ON "subscriptions"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscriptions_changed_del"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_search_index_upd" AFTER UPDATE ON "subscriptions"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "subscriptions_changed_upd"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_search_index_truncate" AFTER TRUNCATE ON "subscriptions"
FOR EACH STATEMENT EXECUTE FUNCTION "record_all_technicians_changed"();
--> statement-breakpoint
-- A plan renamed changes its tier (what it delivers) for everyone on it.
CREATE OR REPLACE FUNCTION "plans_changed_upd"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_technician_changes"((
    SELECT array_agg(s."technician_id") FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    JOIN "subscriptions" s ON s."plan_id" = n."id"
    WHERE o."name" IS DISTINCT FROM n."name"
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "plans_search_index_upd" AFTER UPDATE ON "plans"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "plans_changed_upd"();
