CREATE TABLE "price_book_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_book_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"technician_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"part_number" text,
	"unit_price_cents" integer NOT NULL,
	"cost_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_book_items_kind_ck" CHECK ("price_book_items"."kind" in ('labor', 'part')),
	CONSTRAINT "price_book_items_price_ck" CHECK ("price_book_items"."unit_price_cents" >= 0),
	CONSTRAINT "price_book_items_cost_ck" CHECK ("price_book_items"."cost_cents" is null or "price_book_items"."cost_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "price_book_items" ADD CONSTRAINT "price_book_items_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_book_items_name_uq" ON "price_book_items" USING btree ("technician_id","kind",lower("name"));