-- custom SQL: reviews that cannot be gamed (ADR 025).
-- Who submitted a request: 'customer' (their session), 'guest' (no session), 'technician' or
-- 'admin' (a staff or technician session: such a request has no customer who can review it).
-- NULL on requests made before this column: treated as a customer's.
ALTER TABLE "service_requests" ADD COLUMN IF NOT EXISTS "submitted_as" text;
--> statement-breakpoint
-- A review an admin hid: out of the rating, the count and every public page until restored.
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "hidden_reason" text;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "hidden_by" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- When an admin last decided on the review (hid or restored it): reports after that need a look.
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "moderated_at" timestamp with time zone;
--> statement-breakpoint
-- What the reviewer shared with the technician when the review was written (ADR 025): the
-- signals the moderation queue shows ('same_phone', 'email_domain', 'address', ...).
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "flags" text[] NOT NULL DEFAULT '{}'::text[];
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reviews_technician_visible_idx" ON "reviews" ("technician_id", "created_at" DESC) WHERE "hidden_at" IS NULL;
--> statement-breakpoint
-- One report per reporter per review.
CREATE TABLE IF NOT EXISTS "review_reports" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "review_id" integer NOT NULL REFERENCES "reviews"("id") ON DELETE CASCADE,
  "reporter_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "reason" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "review_reports_reason_len_ck" CHECK (char_length("reason") between 1 and 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "review_reports_review_reporter_uq" ON "review_reports" ("review_id", "reporter_user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "review_reports_created_idx" ON "review_reports" ("created_at" DESC);
