ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
DROP INDEX IF EXISTS "users_email_lower_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email")) WHERE "users"."is_guest" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "users_guest_email_lower_uq" ON "users" USING btree (lower("email")) WHERE "users"."is_guest" = true;--> statement-breakpoint
ALTER TABLE "user_tokens" DROP CONSTRAINT "user_tokens_purpose_ck";--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_purpose_ck" CHECK ("user_tokens"."purpose" in ('set_password', 'reset_password', 'verify_email'));
