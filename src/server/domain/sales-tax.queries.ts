import { and, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { salesTaxRates } from '../db/schema';

/** The jurisdiction's row in effect on `day` (YYYY-MM-DD): the latest that started by then. */
export function ratesInEffect(db: DbOrTx, jurisdiction: string, day: string) {
  return db
    .select()
    .from(salesTaxRates)
    .where(and(eq(salesTaxRates.jurisdiction, jurisdiction), lte(salesTaxRates.effectiveFrom, day)))
    .orderBy(desc(salesTaxRates.effectiveFrom))
    .limit(1)
    .then((r) => r[0]);
}
