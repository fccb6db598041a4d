ALTER TABLE "technicians" ADD COLUMN "warranty_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "technicians" ADD COLUMN "warranty_miles" integer DEFAULT 12000 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "warranty_months" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "warranty_miles" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "warranty_months" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "warranty_miles" integer;--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_warranty_months_ck" CHECK ("technicians"."warranty_months" between 12 and 60);--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_warranty_miles_ck" CHECK ("technicians"."warranty_miles" between 12000 and 100000);