CREATE INDEX "job_notifications_accepted_idx" ON "job_notifications" USING btree ("technician_id","responded_at") WHERE "job_notifications"."status" = 'accepted';--> statement-breakpoint
-- custom SQL (keep when regenerating)
-- The in-memory technician index holds each technician's plan (ADR 014: dispatch matches only
-- technicians whose plan delivers leads; search ranks featured ones first). So a subscription
-- starting or ending, changing plan or status, or a past-due period moving (its grace period
-- ends from it) bumps the version in the same transaction, like a technician change (ADR 005).
-- A successful renewal (active stays active, same plan, next period) does not.
CREATE TRIGGER "subscriptions_search_index_ins_del"
AFTER INSERT OR DELETE OR TRUNCATE ON "subscriptions"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_index_version"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_search_index_upd"
AFTER UPDATE ON "subscriptions"
FOR EACH ROW
WHEN (
  OLD."status" IS DISTINCT FROM NEW."status"
  OR OLD."plan_id" IS DISTINCT FROM NEW."plan_id"
  OR OLD."technician_id" IS DISTINCT FROM NEW."technician_id"
  OR (NEW."status" = 'past_due' AND OLD."current_period_end" IS DISTINCT FROM NEW."current_period_end")
)
EXECUTE FUNCTION "bump_search_index_version"();
--> statement-breakpoint
CREATE TRIGGER "plans_search_index_upd"
AFTER UPDATE ON "plans"
FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION "bump_search_index_version"();
