CREATE TABLE "technician_schedules" (
	"technician_id" integer PRIMARY KEY NOT NULL,
	"hours" jsonb NOT NULL,
	"travel_buffer_minutes" integer NOT NULL,
	"max_jobs_per_day" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_schedules_buffer_ck" CHECK ("technician_schedules"."travel_buffer_minutes" between 0 and 240),
	CONSTRAINT "technician_schedules_jobs_ck" CHECK ("technician_schedules"."max_jobs_per_day" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "technician_time_off" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "technician_time_off_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"technician_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_time_off_range_ck" CHECK ("technician_time_off"."ends_at" > "technician_time_off"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "window_booked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "requested_windows" jsonb;--> statement-breakpoint
ALTER TABLE "technician_schedules" ADD CONSTRAINT "technician_schedules_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_time_off" ADD CONSTRAINT "technician_time_off_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "technician_time_off_technician_idx" ON "technician_time_off" USING btree ("technician_id","ends_at");--> statement-breakpoint
-- The platform never books one technician twice at once (ADR 043): the windows it booked on
-- their jobs not finished may not overlap. A range of one technician id stands for the id (core
-- GiST, no btree_gist extension, which the embedded database does not ship).
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_booking_ex" EXCLUDE USING gist (int4range("assigned_technician_id", "assigned_technician_id", '[]') WITH &&, tstzrange("window_start", "window_end") WITH &&) WHERE ("window_booked" AND "window_confirmed_at" IS NOT NULL AND "status" IN ('accepted', 'scheduled', 'en_route', 'in_progress'));
