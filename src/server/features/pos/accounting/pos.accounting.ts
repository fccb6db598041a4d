import type { FastifyInstance } from 'fastify';
import { centsToDecimal } from '@shared/money';
import {
  ACCOUNTING_HEADERS,
  type AccountingExportQuery,
  type AccountingFormat,
} from '@shared/schemas/accounting-export';
import { SERVICE_TIME_ZONE } from '@shared/service-time';
import { AppError } from '../../../infra/app-error';
import { csvCell } from '../../../infra/csv';
import type { SessionUser } from '../../../infra/session';
import { disputesLostIn, paymentsIn, refundsIn } from './pos.accounting.queries';

/** One bank-statement line: money in positive, money out negative. */
type Line = {
  at: Date;
  cents: number;
  payee: string;
  description: string;
  reference: string;
};

const PROVIDERS: Record<string, string> = {
  square: 'Square',
  paypal: 'PayPal',
  sandbox: 'Sandbox payments',
  'sandbox-wallet': 'Sandbox wallet',
};
const METHODS: Record<string, string> = {
  card: 'card',
  cash: 'cash',
  check: 'check',
  digital: 'digital wallet',
  other: 'other',
};
const num = (v: number | string | null | undefined) => Number(v ?? 0);
const providerName = (p: string | null) => (p ? (PROVIDERS[p] ?? p) : 'Card processor');

/** MM/DD/YYYY on the service area's calendar, as both apps read US dates. */
const usDate = (at: Date) => {
  const p = new Intl.DateTimeFormat('en-US', {
    timeZone: SERVICE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (t: string) => p.find((x) => x.type === t)!.value;
  return `${part('month')}/${part('day')}/${part('year')}`;
};

/**
 * A month of the technician's money as bank-statement lines an accounting app imports
 * (docs/decisions/038): each payment received (its tip included, as the customer was charged),
 * each provider fee, refund and lost dispute as money out, in the order they happened.
 */
export async function accountingExport(
  app: FastifyInstance,
  user: SessionUser | null,
  query: AccountingExportQuery & { format: AccountingFormat },
) {
  if (user?.technicianId == null) throw new AppError(403, 'Accounting exports are for technicians');
  const m = { technicianId: user.technicianId, month: query.month, tz: SERVICE_TIME_ZONE };
  const [payments, refunds, disputes] = await Promise.all([
    paymentsIn(app.db, m),
    refundsIn(app.db, m),
    disputesLostIn(app.db, m),
  ]);
  const lines: Line[] = [];
  for (const p of payments) {
    const at = new Date(p.created_at);
    const receipt = p.receipt_number ?? '';
    const tip = num(p.tip_cents);
    lines.push({
      at,
      cents: num(p.amount_cents) + tip,
      payee: p.customer_name ?? '',
      description: [
        `Payment ${receipt}`.trim(),
        p.invoice_number ? `for ${p.invoice_number}` : '',
        `(${METHODS[p.method] ?? p.method}${tip > 0 ? `, tip ${centsToDecimal(tip)}` : ''})`,
      ]
        .filter(Boolean)
        .join(' '),
      reference: receipt,
    });
    const fee = num(p.processing_fee_cents);
    if (fee > 0)
      lines.push({
        at,
        cents: -fee,
        payee: providerName(p.provider),
        description: `Processing fee for ${receipt}`.trim(),
        reference: receipt,
      });
  }
  for (const r of refunds)
    lines.push({
      at: new Date(r.created_at),
      cents: -num(r.amount_cents),
      payee: r.customer_name ?? '',
      description: `Refund of ${r.receipt_number ?? 'a payment'}`,
      reference: r.receipt_number ?? '',
    });
  for (const d of disputes)
    lines.push({
      at: new Date(d.updated_at),
      cents: -num(d.amount_cents),
      payee: providerName(d.provider),
      description: `Dispute lost on ${d.receipt_number ?? 'a payment'}`,
      reference: d.receipt_number ?? '',
    });
  lines.sort((a, b) => a.at.getTime() - b.at.getTime());

  // Dates and amounts are ours (digits, slashes, a minus): written as they are, so a negative
  // amount is not taken for a formula; every text goes through csvCell.
  const amount = (cents: number) => centsToDecimal(cents);
  const row = (l: Line) =>
    query.format === 'quickbooks'
      ? [
          usDate(l.at),
          csvCell(l.payee ? `${l.description} - ${l.payee}` : l.description),
          amount(l.cents),
        ]
      : [
          usDate(l.at),
          amount(l.cents),
          csvCell(l.payee),
          csvCell(l.description),
          csvCell(l.reference),
          '',
        ];
  const csv =
    [ACCOUNTING_HEADERS[query.format].join(','), ...lines.map((l) => row(l).join(','))].join(
      '\r\n',
    ) + '\r\n';
  return { filename: `wrenchly-${query.format}-${query.month}.csv`, csv, lines: lines.length };
}
