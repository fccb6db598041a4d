-- custom SQL: signatures on exactly what the customer saw (ADR 026). A quote has a version,
-- raised by every change of its content; a signature names the version and the content hash it
-- was given on, and keeps its audit trail (when, from where, with what, by whom). An approval
-- link voided by an edit is remembered, so that it answers a clear message instead of "invalid".
ALTER TABLE "quotes" ADD COLUMN IF NOT EXISTS "version" integer NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT IF EXISTS "quotes_version_ck";
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_version_ck" CHECK ("version" >= 1);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "quote_signatures" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "quote_id" integer NOT NULL REFERENCES "quotes"("id") ON DELETE CASCADE,
  "version" integer NOT NULL,
  "content_hash" text NOT NULL,
  "signer_name" text NOT NULL,
  "channel" text NOT NULL,
  "ip_address" text,
  "user_agent" text,
  "signed_at" timestamp with time zone NOT NULL,
  CONSTRAINT "quote_signatures_channel_ck" CHECK ("channel" in ('in_person', 'email_link', 'request_page'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "quote_signatures_quote_uq" ON "quote_signatures" ("quote_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "quote_voided_links" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "quote_id" integer NOT NULL REFERENCES "quotes"("id") ON DELETE CASCADE,
  "voided_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quote_voided_links_quote_idx" ON "quote_voided_links" ("quote_id");
