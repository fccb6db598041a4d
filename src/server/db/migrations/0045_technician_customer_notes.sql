CREATE TABLE "technician_customer_notes" (
	"technician_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"notes" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_customer_notes_technician_id_customer_id_pk" PRIMARY KEY("technician_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "technician_customer_notes" ADD CONSTRAINT "technician_customer_notes_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_customer_notes" ADD CONSTRAINT "technician_customer_notes_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;