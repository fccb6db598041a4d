CREATE TABLE "sales_tax_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_tax_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"jurisdiction" text NOT NULL,
	"name" text NOT NULL,
	"parts_rate" numeric(5, 2) NOT NULL,
	"labor_rate" numeric(5, 2) NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "sales_tax_rates_rates_ck" CHECK ("sales_tax_rates"."parts_rate" >= 0 and "sales_tax_rates"."parts_rate" < 100 and "sales_tax_rates"."labor_rate" >= 0 and "sales_tax_rates"."labor_rate" < 100)
);
--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "tax_rate" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "labor_tax_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_jurisdiction" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "labor_tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "tax_jurisdiction" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "tax_override_reason" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "work_location" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_tax_rates_jurisdiction_from_uq" ON "sales_tax_rates" USING btree ("jurisdiction","effective_from");--> statement-breakpoint
-- The rates where Wrenchly serves (docs/decisions/031 cites each rule). Repair labour stated
-- apart from the parts is not taxed in Maryland or Virginia; in the District the labour of
-- installing repair parts is taxed at the general rate.
INSERT INTO "sales_tax_rates" ("jurisdiction", "name", "parts_rate", "labor_rate", "effective_from", "source") VALUES
  ('MD', 'Maryland', 6.00, 0.00, '2008-01-03', 'Md. Code, Tax-General § 11-104; Comptroller of Maryland, Repair Labor Exemptions: https://www.marylandtaxes.gov/business/sales-use/'),
  ('DC', 'District of Columbia', 6.00, 6.00, '2018-10-01', 'D.C. Code § 47-2002 (FY2019 Budget Support Act); 9 DCMR 407.2 and 465.1 (repair installation labour is taxable): https://otr.cfo.dc.gov/page/sales-tax-information-and-guidance'),
  ('DC', 'District of Columbia', 7.00, 7.00, '2026-10-01', 'D.C. Code § 47-2002 as amended by the FY2025 Budget Support Act (D.C. Law 25-217) and the FY2026 Budget Support Act (6% kept through 2026-09-30): https://otr.cfo.dc.gov/page/sales-tax-information-and-guidance'),
  ('VA-NOVA', 'Virginia (Northern Virginia)', 6.00, 0.00, '2013-07-01', 'Va. Code §§ 58.1-603, 58.1-605 and 58.1-604.01 (4.3% state, 1% local, 0.7% Northern Virginia regional); 23VAC10-210-3050 (separately stated repair labour is not taxed): https://www.tax.virginia.gov/retail-sales-and-use-tax')
ON CONFLICT DO NOTHING;
