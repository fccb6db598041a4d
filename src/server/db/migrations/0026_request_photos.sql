CREATE TABLE "request_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_request_id" integer,
	"position" integer,
	"uploader_user_id" integer,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_photos_storageKey_unique" UNIQUE("storage_key"),
	CONSTRAINT "request_photos_thumbnailKey_unique" UNIQUE("thumbnail_key"),
	CONSTRAINT "request_photos_position_ck" CHECK (("request_photos"."service_request_id" is null and "request_photos"."position" is null) or ("request_photos"."service_request_id" is not null and "request_photos"."position" between 1 and 5))
);
--> statement-breakpoint
ALTER TABLE "request_photos" ADD CONSTRAINT "request_photos_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_photos" ADD CONSTRAINT "request_photos_uploader_user_id_users_id_fk" FOREIGN KEY ("uploader_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_photos_request_position_uq" ON "request_photos" USING btree ("service_request_id","position");--> statement-breakpoint
CREATE INDEX "request_photos_unattached_idx" ON "request_photos" USING btree ("created_at") WHERE "request_photos"."service_request_id" is null;