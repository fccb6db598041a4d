ALTER TABLE "payments" ALTER COLUMN "receipt_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ALTER COLUMN "receipt_number" DROP NOT NULL;