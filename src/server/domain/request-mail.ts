import { formatAmount, formatCents, toCents } from '@shared/money';
import type { FastifyInstance } from 'fastify';
import { formatReference } from '@shared/service-request-rules';
import type { DbOrTx } from '../db/client';
import type { Branding } from '@shared/schemas/branding';
import { brandingOf, composeBrandedMail, signOff } from './branding';
import { serviceRequestById } from './request-access.queries';
import { announce, recordDocumentEvent, type ServiceRequestRow } from './request-timeline';
import type { MailMessage } from '../infra/mailer';
import { pdfAttachment } from '../infra/outbox';
import { publicBaseUrl } from '../infra/public-url';
import { requestPageUrl } from './request-links';
import { customerText } from './customer-texts';

/**
 * A short, plain e-mail to the request's customer about it, with the link to its page (the
 * signed link, so a guest can open it too). None when the request has no address.
 */
export function customerMail(
  app: FastifyInstance,
  r: ServiceRequestRow,
  template: string,
  subject: string,
  lines: string[],
  linkLabel = 'Follow your request',
  branding: Branding | null = null,
  /** A section of the request page the link lands on ('review'). */
  section?: string,
): MailMessage | null {
  if (!r.contactEmail) return null;
  return {
    to: r.contactEmail,
    template,
    subject: `${subject} (${formatReference(r.id)})`,
    ...composeBrandedMail(
      [
        `Hi ${r.contactName ?? 'there'},`,
        ...lines,
        `${linkLabel}:\n${requestPageUrl(app.config, r.id)}${section ? `#${section}` : ''}`,
        signOff(branding),
      ],
      branding,
      publicBaseUrl(app.config),
    ),
  };
}

/** What changed among a job's documents (the point of sale), as the job is told of it. */
export type RequestDocumentChange =
  | { kind: 'quote_sent'; number: string; version: number }
  | { kind: 'quote_signed'; number: string }
  | { kind: 'quote_updated' }
  | {
      kind: 'invoice';
      id: number;
      number: string;
      total: string;
      /** What was already paid when it was issued (the quote's deposit). */
      paid: string;
      balance: string;
    }
  | {
      kind: 'receipt';
      paymentId: number;
      number: string;
      amount: string;
      /** The customer's tip, charged on top of `amount` ('0.00' for none). */
      tip: string;
      method: string;
      /** The quote a deposit was paid on; or the invoice paid, with its balance after it. */
      depositOn: string | null;
      invoice: { number: string; balance: string } | null;
    }
  | { kind: 'refund'; amount: string; receiptNumber: string | null }
  /** Anything else about its payments: a failed attempt, a dispute, a failed refund. */
  | { kind: 'payment' };

/**
 * A job's quote, invoice or payment changed at the point of sale: the request's page and the
 * technician's job page refresh; the request's timeline records it (quote sent and signed,
 * invoice issued, deposit and payments received, invoice paid, refunds); the customer is
 * e-mailed when there is something to do or to keep (an invoice to pay, a receipt), and texted
 * too when they opted in. In the transaction of the change (all of it commits with it).
 */
export async function jobDocumentChanged(
  app: FastifyInstance,
  tx: DbOrTx,
  serviceRequestId: number | null,
  change: RequestDocumentChange,
) {
  if (serviceRequestId === null) return;
  const r = await serviceRequestById(tx, serviceRequestId);
  if (!r) return;
  for (const [move, details] of timelineOf(change))
    await recordDocumentEvent(app, tx, r, move, details);
  await announce(app, tx, r, r, change.kind);
  // The invoice or receipt is the assigned technician's: their branding, while their plan has it.
  const branding =
    change.kind === 'invoice' || change.kind === 'receipt'
      ? await brandingOf(tx, r.assignedTechnicianId, app.clock())
      : null;
  if (change.kind === 'invoice') {
    const deposit = toCents(change.paid) > 0;
    const mail = customerMail(
      app,
      r,
      'job_invoice_ready',
      `Your invoice ${change.number} is ready`,
      [
        `Invoice ${change.number} for your ${r.serviceType} job is ready: ${formatAmount(change.total)} in all${deposit ? `, of which your deposit of ${formatAmount(change.paid)} is already paid` : ''}.`,
        `Balance due: ${formatAmount(change.balance)}.`,
        'You can pay it by card on your request page, or pay your technician directly.',
      ],
      'Pay your invoice',
      branding,
    );
    if (mail)
      await app.outbox.enqueue(tx, {
        ...mail,
        attachments: [pdfAttachment('invoice', change.id, change.number)],
      });
    const text = customerText(
      app,
      r,
      'job_invoice_ready',
      `invoice:${change.id}`,
      `invoice ${change.number} for ${formatReference(r.id)} is ready: ${formatAmount(change.balance)} due${deposit ? ` (${formatAmount(change.paid)} already paid)` : ''}. Pay or view:`,
    );
    if (text) await app.outbox.enqueue(tx, text);
  }
  if (change.kind === 'receipt') {
    const tipped = toCents(change.tip) > 0;
    const charged = toCents(change.amount) + toCents(change.tip);
    const what = change.depositOn
      ? `as the deposit on quote ${change.depositOn}`
      : change.invoice
        ? `on invoice ${change.invoice.number}`
        : '';
    const mail = customerMail(
      app,
      r,
      'job_receipt',
      `Your receipt ${change.number}`,
      [
        `Thank you: we received your payment of ${formatAmount(change.amount)} (${change.method}) ${what}.`.replace(
          ' .',
          '.',
        ),
        ...(tipped
          ? [
              `Your tip of ${formatAmount(change.tip)} went to your technician: ${formatCents(charged)} was charged in all.`,
            ]
          : []),
        ...(change.invoice
          ? [
              `Balance due on invoice ${change.invoice.number}: ${formatAmount(change.invoice.balance)}.`,
            ]
          : []),
        `Your receipt ${change.number} is attached.`,
      ],
      'Follow your request',
      branding,
    );
    if (mail)
      await app.outbox.enqueue(tx, {
        ...mail,
        attachments: [pdfAttachment('receipt', change.paymentId, change.number)],
      });
    const text = customerText(
      app,
      r,
      'job_receipt',
      `receipt:${change.paymentId}`,
      `we received ${formatCents(charged)} for ${formatReference(r.id)} (receipt ${change.number}${tipped ? `, tip of ${formatAmount(change.tip)} included` : ''})${change.invoice ? `; ${formatAmount(change.invoice.balance)} left to pay` : ''}. View:`,
    );
    if (text) await app.outbox.enqueue(tx, text);
  }
}

/** The timeline entries a change makes: moves that leave the status as it is. */
function timelineOf(change: RequestDocumentChange): [string, Record<string, unknown>][] {
  switch (change.kind) {
    case 'quote_sent':
      return [['quote_sent', { number: change.number, version: change.version }]];
    case 'quote_signed':
      return [['quote_signed', { number: change.number }]];
    case 'invoice':
      return [['invoice_issued', { number: change.number, total: change.total }]];
    case 'receipt': {
      const base = { receiptNumber: change.number, amount: change.amount };
      if (change.depositOn) return [['deposit_paid', { ...base, quoteNumber: change.depositOn }]];
      if (!change.invoice) return [];
      const tip = toCents(change.tip) > 0 ? { tip: change.tip } : {};
      const paid: [string, Record<string, unknown>][] = [
        ['payment_received', { ...base, ...tip, invoiceNumber: change.invoice.number }],
      ];
      if (toCents(change.invoice.balance) === 0)
        paid.push(['invoice_paid', { invoiceNumber: change.invoice.number }]);
      return paid;
    }
    case 'refund':
      return [['payment_refunded', { amount: change.amount, receiptNumber: change.receiptNumber }]];
    default:
      return [];
  }
}
