CREATE TABLE "fair_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fair_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_type" text NOT NULL,
	"area" text NOT NULL,
	"jobs" integer NOT NULL,
	"total_low_cents" integer,
	"total_median_cents" integer,
	"total_high_cents" integer,
	"labor_lines" integer NOT NULL,
	"labor_jobs" integer NOT NULL,
	"labor_low_cents" integer,
	"labor_median_cents" integer,
	"labor_high_cents" integer,
	"window_start" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fair_prices_jobs_ck" CHECK ("fair_prices"."jobs" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fair_prices_type_area_uq" ON "fair_prices" USING btree ("service_type","area");--> statement-breakpoint
CREATE INDEX "job_notifications_technician_created_idx" ON "job_notifications" USING btree ("technician_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_completed_idx" ON "service_requests" USING btree ("assigned_technician_id","completed_at") WHERE "service_requests"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "invoices_paid_at_idx" ON "invoices" USING btree ("paid_at") WHERE "invoices"."status" = 'paid';