import type { z } from 'zod';
import { depositCents, MAX_MONEY_CENTS, quoteTotals, toCents } from '@shared/money';
import {
  PLACE_OF_WORK_MESSAGE,
  QUOTE_TOO_LARGE,
  TAX_OVERRIDE_REASON_MESSAGE,
  type updateQuoteSchema,
} from '@shared/schemas/pos';
import type { DbOrTx } from '../../../db/client';
import { taxRatesFor } from '../../../domain/sales-tax';
import { AppError } from '../../../infra/app-error';

type QuoteBody = z.output<typeof updateQuoteSchema>;

/** The sales tax a quote applies, as stored (docs/decisions/031). */
export type QuoteTax = {
  taxRate: string;
  laborTaxRate: string;
  taxJurisdiction: string;
  taxOverrideReason: string | null;
  workLocation: string | null;
};

const issue = (path: string, message: string) => new AppError(400, message, [{ path, message }]);

/**
 * The place of work's rates (the job's location, else the one typed on the quote), on the day:
 * the technician may change them only with a reason, kept on the quote.
 */
export async function quoteTax(
  db: DbOrTx,
  input: Pick<QuoteBody, 'taxRate' | 'laborTaxRate' | 'taxOverrideReason' | 'workLocation'>,
  jobLocation: string | null,
  now: Date,
): Promise<QuoteTax> {
  const location = jobLocation ?? input.workLocation;
  if (!location) throw issue('workLocation', PLACE_OF_WORK_MESSAGE);
  const rates = await taxRatesFor(db, location, now);
  const parts = input.taxRate ?? rates.partsRate;
  const labor = input.laborTaxRate ?? rates.laborRate;
  const overridden = parts !== rates.partsRate || labor !== rates.laborRate;
  if (overridden && !input.taxOverrideReason)
    throw issue('taxOverrideReason', TAX_OVERRIDE_REASON_MESSAGE);
  return {
    taxRate: parts.toFixed(2),
    laborTaxRate: labor.toFixed(2),
    taxJurisdiction: rates.jurisdiction,
    taxOverrideReason: overridden ? input.taxOverrideReason : null,
    workLocation: jobLocation ? null : input.workLocation,
  };
}

/**
 * A quote's stored content from a create or edit body and its sales tax: the fields, the totals
 * computed here with the shared money rules (never the client's), and the items in order.
 */
export function quoteContent(input: QuoteBody, tax: QuoteTax) {
  const lines = input.items.map((i) => ({
    type: i.type,
    quantity: i.quantity,
    unitPriceCents: toCents(i.unitPrice),
  }));
  const totals = quoteTotals(lines, { parts: tax.taxRate, labor: tax.laborTaxRate });
  if (totals.totalAmountCents > MAX_MONEY_CENTS) throw issue('items', QUOTE_TOO_LARGE);
  return {
    values: {
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      customerPhone: input.customerPhone,
      vehicleYear: input.vehicleYear,
      vehicleMake: input.vehicleMake,
      vehicleModel: input.vehicleModel,
      vehicleVin: input.vehicleVin,
      vehicleMileage: input.vehicleMileage,
      notes: input.notes,
      ...tax,
      laborTotalCents: totals.laborTotalCents,
      partsTotalCents: totals.partsTotalCents,
      taxAmountCents: totals.taxAmountCents,
      totalAmountCents: totals.totalAmountCents,
      // The deposit, computed here from the new total (the schema checked it is within it).
      depositType: input.deposit?.type ?? null,
      depositPercent: input.deposit?.type === 'percent' ? input.deposit.percent.toFixed(2) : null,
      depositCents: input.deposit ? depositCents(input.deposit, totals.totalAmountCents) : null,
    },
    items: input.items.map((i, position) => ({
      position,
      type: i.type,
      description: i.description,
      quantity: String(i.quantity),
      unitPriceCents: lines[position]!.unitPriceCents,
      totalPriceCents: totals.lineTotalsCents[position]!,
      partNumber: i.type === 'part' ? i.partNumber : null,
      laborHours: i.type === 'labor' && i.laborHours != null ? String(i.laborHours) : null,
    })),
  };
}
