ALTER TABLE "payments" ADD COLUMN "request_fingerprint" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "request_fingerprint" text;