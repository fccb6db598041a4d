ALTER TABLE "payments" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_method_ref" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_purchase_in_flight_uq" ON "payments" USING btree ("technician_id") WHERE "payments"."status" = 'processing' and ("payments"."idempotency_key" like 'sub:%' or "payments"."idempotency_key" like 'upgrade:%');
