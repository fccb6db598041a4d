ALTER TABLE "service_requests" ADD COLUMN "technician_latitude" double precision;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "technician_longitude" double precision;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "technician_position_at" timestamp with time zone;