import { z } from 'zod';
import { isMonth, STATEMENT_FIRST_MONTH, STATEMENT_LAST_MONTH } from './statements';

/** The layouts an accounting app imports a bank statement in. */
export const ACCOUNTING_FORMATS = ['quickbooks', 'xero'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];

/**
 * The columns of each layout: QuickBooks Online's 3-column bank upload (Date, Description,
 * Amount) and Xero's bank statement import template (required columns marked with *). Dates
 * are MM/DD/YYYY; amounts are signed decimals without a currency sign or thousands separator,
 * money in positive and money out negative.
 */
export const ACCOUNTING_HEADERS: Record<AccountingFormat, readonly string[]> = {
  quickbooks: ['Date', 'Description', 'Amount'],
  xero: ['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Check Number'],
};

/** GET /api/pos/accounting-export.csv?month=YYYY-MM&format=quickbooks|xero */
export const accountingExportQuerySchema = z.object({
  month: z
    .string({ error: 'month must be a month (YYYY-MM)' })
    .trim()
    .refine(isMonth, 'month must be a month (YYYY-MM)')
    .refine(
      (v) => !isMonth(v) || (v >= STATEMENT_FIRST_MONTH && v <= STATEMENT_LAST_MONTH),
      `month must be from ${STATEMENT_FIRST_MONTH} to ${STATEMENT_LAST_MONTH}`,
    ),
  format: z.enum(ACCOUNTING_FORMATS, { error: 'format must be quickbooks or xero' }),
});
export type AccountingExportQuery = z.input<typeof accountingExportQuerySchema>;
