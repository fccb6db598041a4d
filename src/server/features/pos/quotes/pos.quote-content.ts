import type { z } from 'zod';
import { depositCents, quoteTotals, toCents } from '@shared/money';
import { MAX_INT4 } from '@shared/schemas/common';
import type { updateQuoteSchema } from '@shared/schemas/pos';
import { AppError } from '../../../infra/app-error';

/**
 * A quote's stored content from a create or edit body: the fields, the totals computed here
 * with the shared money rules (never the client's), and the items in order.
 */
export function quoteContent(input: z.output<typeof updateQuoteSchema>) {
  const lines = input.items.map((i) => ({
    type: i.type,
    quantity: i.quantity,
    unitPriceCents: toCents(i.unitPrice),
  }));
  const totals = quoteTotals(lines, input.taxRate);
  if (totals.totalAmountCents > MAX_INT4) throw new AppError(400, 'The quote total is too large');
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
      taxRate: input.taxRate.toFixed(2),
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
