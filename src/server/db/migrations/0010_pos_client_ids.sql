ALTER TABLE "invoice_payments" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "client_body_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_technician_client_id_uq" ON "invoice_payments" USING btree ("technician_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_technician_client_id_uq" ON "invoices" USING btree ("technician_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_technician_client_id_uq" ON "quotes" USING btree ("technician_id","client_id");