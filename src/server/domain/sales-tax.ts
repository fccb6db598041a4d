import type { Jurisdiction } from '@shared/constants/service-area';
import type { TaxRatesAnswer } from '@shared/schemas/tax-rates';
import { serviceClock } from '@shared/service-time';
import type { DbOrTx } from '../db/client';
import { jurisdictionOfPlace } from './service-area';
import { ratesInEffect } from './sales-tax.queries';

/**
 * Sales tax by where the work is done (docs/decisions/031): the place of work's jurisdiction
 * (src/shared/constants/service-area.ts) and its rates on the day (sales_tax_rates, as data).
 */

/** The day a moment falls on in the service area (rates change at midnight, Eastern). */
export function serviceDay(at: Date): string {
  const c = serviceClock(at);
  return `${String(c.year).padStart(4, '0')}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** The rates that apply to work at `location` on the day of `at`. */
export async function taxRatesFor(db: DbOrTx, location: string, at: Date): Promise<TaxRatesAnswer> {
  const { jurisdiction } = jurisdictionOfPlace(location);
  const row = await ratesInEffect(db, jurisdiction, serviceDay(at));
  // Every jurisdiction of the area has rates from the migrations on: none is a broken table.
  if (!row) throw new Error(`No sales tax rates for ${jurisdiction} on ${serviceDay(at)}`);
  return {
    jurisdiction: row.jurisdiction as Jurisdiction,
    name: row.name,
    partsRate: Number(row.partsRate),
    laborRate: Number(row.laborRate),
    effectiveFrom: row.effectiveFrom,
    source: row.source,
  };
}
