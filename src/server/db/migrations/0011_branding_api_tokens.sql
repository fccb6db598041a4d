CREATE TABLE "api_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"technician_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "api_tokens_name_ck" CHECK (char_length("api_tokens"."name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "technician_branding" (
	"technician_id" integer PRIMARY KEY NOT NULL,
	"business_name" text,
	"logo_document_id" integer,
	"accent_color" text,
	"footer_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_branding_accent_ck" CHECK ("technician_branding"."accent_color" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "technician_branding_name_ck" CHECK (char_length("technician_branding"."business_name") between 1 and 100),
	CONSTRAINT "technician_branding_footer_ck" CHECK (char_length("technician_branding"."footer_text") between 1 and 300)
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_kind_ck";--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_branding" ADD CONSTRAINT "technician_branding_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_branding" ADD CONSTRAINT "technician_branding_logo_document_id_documents_id_fk" FOREIGN KEY ("logo_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_technician_idx" ON "api_tokens" USING btree ("technician_id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_kind_ck" CHECK ("documents"."kind" in ('driversLicense', 'aseCertification', 'verification', 'profilePhoto', 'brandingLogo'));