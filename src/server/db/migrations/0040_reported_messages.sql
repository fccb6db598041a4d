ALTER TABLE "request_messages" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_messages" ADD COLUMN "reported_by" text;--> statement-breakpoint
ALTER TABLE "request_messages" ADD COLUMN "report_reason" text;--> statement-breakpoint
CREATE INDEX "request_messages_reported_idx" ON "request_messages" USING btree ("reported_at") WHERE "request_messages"."reported_at" is not null;