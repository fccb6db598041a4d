CREATE TABLE "warranty_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warranty_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_request_id" integer NOT NULL,
	"technician_id" integer,
	"problem" text NOT NULL,
	"mileage" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"decline_reason" text,
	"follow_up_request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranty_claims_status_ck" CHECK ("warranty_claims"."status" in ('open', 'accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_follow_up_request_id_service_requests_id_fk" FOREIGN KEY ("follow_up_request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warranty_claims_request_idx" ON "warranty_claims" USING btree ("service_request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claims_one_open_idx" ON "warranty_claims" USING btree ("service_request_id") WHERE "warranty_claims"."status" = 'open';