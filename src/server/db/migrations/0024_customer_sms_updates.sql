ALTER TABLE "service_requests" ADD COLUMN "sms_updates_phone" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "sms_updates_consent_at" timestamp with time zone;
