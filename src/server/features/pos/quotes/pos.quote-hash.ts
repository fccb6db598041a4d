import { createHash } from 'node:crypto';
import type { ItemRow, QuoteRow } from '../pos.queries';

/**
 * The content hash of a quote (ADR 026): SHA-256 (hex) over a canonical serialisation of what
 * the customer sees and signs — its number, customer and vehicle, the lines in order (type,
 * description, quantity, unit price, line total, part number, labor hours), the tax rates and
 * jurisdiction, the labor, parts, tax and grand totals in cents, the deposit asked for, the notes (the
 * quote's terms) and the workmanship warranty. Arrays in a fixed order, not objects, so no key order can change it; numbers
 * as the database's canonical text. The version says that it changed; the hash, to what.
 */
export function quoteContentHash(q: QuoteRow, items: readonly ItemRow[]): string {
  const lines = [...items]
    .sort((a, b) => a.position - b.position)
    .map((i) => [
      i.type,
      i.description,
      String(Number(i.quantity)),
      i.unitPriceCents,
      i.totalPriceCents,
      i.partNumber ?? null,
      i.laborHours == null ? null : String(Number(i.laborHours)),
    ]);
  const canonical = JSON.stringify([
    'wrenchly-quote/1',
    q.quoteNumber,
    q.customerName,
    [q.vehicleYear, q.vehicleMake, q.vehicleModel, q.vehicleVin, q.vehicleMileage],
    lines,
    Number(q.taxRate).toFixed(2),
    [q.laborTotalCents, q.partsTotalCents, q.taxAmountCents, q.totalAmountCents],
    [
      q.depositType,
      q.depositPercent === null ? null : Number(q.depositPercent).toFixed(2),
      q.depositCents,
    ],
    q.notes,
    // The labour rate and the jurisdiction, once quotes had them: a quote made before hashes
    // as it always did, so its signature audit still matches.
    ...(q.taxJurisdiction === null && Number(q.laborTaxRate) === 0
      ? []
      : [[Number(q.laborTaxRate).toFixed(2), q.taxJurisdiction]]),
    // The warranty it states, once quotes stated one (the same rule: older hashes hold).
    ...(q.warrantyMonths === null || q.warrantyMiles === null
      ? []
      : [['warranty', q.warrantyMonths, q.warrantyMiles]]),
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
