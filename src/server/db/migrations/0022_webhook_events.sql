-- custom SQL: payment providers' webhooks. Events are stored raw (deduplicated by provider and
-- event id) and applied once by a background worker; disputes (chargebacks) get their own
-- rows and mark the invoice 'disputed'; the processing fee a provider reports is kept on the
-- payment; a refund made in the provider's dashboard is recorded like ours (reason 'provider').
CREATE TABLE IF NOT EXISTS "webhook_events" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "provider" text NOT NULL,
  "event_id" text NOT NULL,
  "type" text NOT NULL,
  "payload" jsonb NOT NULL,
  "received_at" timestamp with time zone DEFAULT now() NOT NULL,
  "processed_at" timestamp with time zone,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_error" text,
  CONSTRAINT "webhook_events_provider_ck" CHECK ("provider" in ('square', 'paypal'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "webhook_events_provider_event_uq" ON "webhook_events" ("provider", "event_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_events_unprocessed_idx" ON "webhook_events" ("next_attempt_at") WHERE "processed_at" IS NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "payment_disputes" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "provider" text NOT NULL,
  "provider_dispute_id" text NOT NULL,
  "provider_payment_id" text,
  "payment_id" integer REFERENCES "invoice_payments"("id") ON DELETE RESTRICT,
  "invoice_id" integer REFERENCES "invoices"("id") ON DELETE RESTRICT,
  "technician_id" integer REFERENCES "technicians"("id") ON DELETE CASCADE,
  "amount_cents" integer NOT NULL,
  "reason" text,
  "state" text NOT NULL,
  "evidence_due_at" timestamp with time zone,
  "provider_updated_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payment_disputes_amount_ck" CHECK ("amount_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payment_disputes_provider_dispute_uq" ON "payment_disputes" ("provider", "provider_dispute_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_disputes_invoice_idx" ON "payment_disputes" ("invoice_id");
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN IF NOT EXISTS "processing_fee_cents" integer;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "processing_fee_cents" integer;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_payments_provider_payment_idx" ON "invoice_payments" ("provider_payment_id") WHERE "provider_payment_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_payments_processing_idx" ON "invoice_payments" ("created_at") WHERE "status" = 'processing';
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT IF EXISTS "invoices_status_ck";
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_ck" CHECK ("invoices"."status" in ('pending', 'paid', 'disputed'));
--> statement-breakpoint
DROP INDEX IF EXISTS "payment_refunds_live_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payment_refunds_live_uq" ON "payment_refunds" ("payment_id") WHERE "status" <> 'failed' AND "reason" <> 'provider';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_refunds_provider_refund_idx" ON "payment_refunds" ("provider_refund_id") WHERE "provider_refund_id" IS NOT NULL;
