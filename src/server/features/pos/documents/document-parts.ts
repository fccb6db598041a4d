import { warrantyTermsOf, warrantyText } from '@shared/schemas/warranty';
import { formatCents, toCents } from '@shared/money';
import type { Column } from './pdf-layout';

/** The columns of a document's lines: description, quantity, unit price, line total. */
export const lineColumns: Column[] = [
  { label: 'Description', width: 52 },
  { label: 'Qty', width: 10, align: 'right' },
  { label: 'Unit price', width: 19, align: 'right' },
  { label: 'Line total', width: 19, align: 'right' },
];

type Line = {
  type: string;
  description: string;
  quantity: string;
  unitPrice: string;
  totalPrice: string;
  partNumber?: string | null;
};

/** The lines as table rows, the amounts written by the shared formatter. */
export const lineRows = (items: Line[]) =>
  items.map((i) => [
    `${i.description}${i.partNumber ? ` (part ${i.partNumber})` : ''}`,
    String(Number(i.quantity)),
    formatCents(toCents(i.unitPrice)),
    formatCents(toCents(i.totalPrice)),
  ]);

export const vehicleLine = (...parts: (string | null | undefined)[]) =>
  parts.filter(Boolean).join(' ') || null;

/** 'VISA' -> 'Visa', 'AMERICAN_EXPRESS' -> 'American Express'. */
export const cardBrandLabel = (brand: string | null) =>
  brand
    ? brand
        .toLowerCase()
        .split('_')
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join(' ')
    : 'Card';

const METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  cash: 'Cash',
  check: 'Check',
  digital: 'Digital wallet',
};

/** The wallets a customer pays through (a wallet the technician records has no provider). */
const WALLET_LABELS: Record<string, string> = {
  paypal: 'PayPal',
  'sandbox-wallet': 'PayPal (sandbox)',
};

/** How a payment was made: "Visa ending in 1111", "PayPal", "Cash", "Check". */
export function paymentMethodText(p: {
  method: string;
  cardBrand: string | null;
  cardLast4: string | null;
  provider?: string | null;
}) {
  if (p.method === 'card')
    return `${cardBrandLabel(p.cardBrand)}${p.cardLast4 ? ` ending in ${p.cardLast4}` : ''}`;
  if (p.method === 'digital' && p.provider && WALLET_LABELS[p.provider])
    return WALLET_LABELS[p.provider]!;
  return METHOD_LABELS[p.method] ?? p.method;
}

/**
 * The workmanship warranty an invoice states (its quote's, ADR 044), or null for one made before
 * documents kept their terms: those keep their printed text, and their hash, as they were.
 */
export const storedWarrantyText = (row: {
  warrantyMonths: number | null;
  warrantyMiles: number | null;
}) =>
  row.warrantyMonths === null || row.warrantyMiles === null
    ? null
    : warrantyText(warrantyTermsOf(row.warrantyMonths, row.warrantyMiles));
