CREATE TABLE "payment_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"technician_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"reason" text NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_refunds_status_ck" CHECK ("payment_refunds"."status" in ('processing', 'succeeded', 'failed')),
	CONSTRAINT "payment_refunds_amount_ck" CHECK ("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "deposit_type" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "deposit_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_live_uq" ON "payment_refunds" USING btree ("payment_id") WHERE "payment_refunds"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "payment_refunds_status_idx" ON "payment_refunds" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_live_deposit_uq" ON "invoice_payments" USING btree ("quote_id") WHERE "invoice_payments"."quote_id" is not null and "invoice_payments"."status" in ('processing', 'succeeded');--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_deposit_type_ck" CHECK ("quotes"."deposit_type" in ('fixed', 'percent'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_deposit_ck" CHECK (("quotes"."deposit_type" is null and "quotes"."deposit_cents" is null) or ("quotes"."deposit_cents" > 0 and "quotes"."deposit_cents" <= "quotes"."total_amount_cents"));