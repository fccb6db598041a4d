CREATE TABLE "service_request_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_request_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_request_id" integer NOT NULL,
	"move" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_user_id" integer,
	"technician_id" integer,
	"note" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"year" integer NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"vin" text,
	"mileage" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_year_ck" CHECK ("vehicles"."year" >= 1900),
	CONSTRAINT "vehicles_mileage_ck" CHECK ("vehicles"."mileage" >= 0)
);
--> statement-breakpoint
ALTER TABLE "job_notifications" DROP CONSTRAINT "job_notifications_status_ck";--> statement-breakpoint
ALTER TABLE "service_requests" DROP CONSTRAINT "service_requests_status_ck";--> statement-breakpoint
DROP INDEX "job_notifications_request_technician_uq";--> statement-breakpoint
DROP INDEX "service_requests_assigned_idx";--> statement-breakpoint
ALTER TABLE "service_requests" ALTER COLUMN "status" SET DEFAULT 'requested';--> statement-breakpoint
-- The job's life (ADR 010): open requests are being dispatched, assigned ones were accepted.
UPDATE "service_requests" SET "status" = 'dispatching' WHERE "status" = 'open';--> statement-breakpoint
UPDATE "service_requests" SET "status" = 'accepted' WHERE "status" = 'assigned';--> statement-breakpoint
ALTER TABLE "realtime_events" ALTER COLUMN "technician_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "vehicle_id" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "dispatch_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "max_distance_miles" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "window_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "window_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "service_request_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "service_request_id" integer;--> statement-breakpoint
ALTER TABLE "realtime_events" ADD COLUMN "service_request_id" integer;--> statement-breakpoint
ALTER TABLE "service_request_events" ADD CONSTRAINT "service_request_events_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_events" ADD CONSTRAINT "service_request_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_events" ADD CONSTRAINT "service_request_events_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_request_events_request_idx" ON "service_request_events" USING btree ("service_request_id","id");--> statement-breakpoint
CREATE INDEX "vehicles_customer_idx" ON "vehicles" USING btree ("customer_id","id");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_events" ADD CONSTRAINT "realtime_events_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_notifications_request_technician_pending_uq" ON "job_notifications" USING btree ("service_request_id","technician_id") WHERE "job_notifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "job_notifications_request_idx" ON "job_notifications" USING btree ("service_request_id","technician_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_service_request_uq" ON "reviews" USING btree ("service_request_id") WHERE "reviews"."service_request_id" is not null;--> statement-breakpoint
CREATE INDEX "service_requests_vehicle_idx" ON "service_requests" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "invoices_service_request_idx" ON "invoices" USING btree ("service_request_id");--> statement-breakpoint
CREATE INDEX "quotes_service_request_idx" ON "quotes" USING btree ("service_request_id");--> statement-breakpoint
CREATE INDEX "realtime_events_request_idx" ON "realtime_events" USING btree ("service_request_id","id");--> statement-breakpoint
CREATE INDEX "service_requests_assigned_idx" ON "service_requests" USING btree ("assigned_technician_id","status");--> statement-breakpoint
ALTER TABLE "job_notifications" ADD CONSTRAINT "job_notifications_status_ck" CHECK ("job_notifications"."status" in ('pending', 'accepted', 'declined', 'expired', 'closed', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_comment_len_ck" CHECK (char_length("reviews"."comment") <= 2000);--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_window_ck" CHECK ("service_requests"."window_start" is null or "service_requests"."window_end" > "service_requests"."window_start");--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_status_ck" CHECK ("service_requests"."status" in ('requested', 'dispatching', 'accepted', 'scheduled', 'en_route', 'in_progress', 'completed', 'canceled', 'unmatched'));--> statement-breakpoint
ALTER TABLE "realtime_events" ADD CONSTRAINT "realtime_events_target_ck" CHECK (("realtime_events"."technician_id" is null) <> ("realtime_events"."service_request_id" is null));--> statement-breakpoint
UPDATE "service_requests" SET "dispatch_started_at" = "created_at";
