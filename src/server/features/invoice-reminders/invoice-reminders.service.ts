import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { formatReference } from '@shared/service-request-rules';
import { formatCents } from '@shared/money';
import {
  INVOICE_REMINDER_DAYS,
  type InvoiceRemindersResponse,
} from '@shared/schemas/invoice-reminders';
import type { DbOrTx } from '../../db/client';
import type { invoices } from '../../db/schema';
import { brandingOf, composeBrandedMail, signOff } from '../../domain/branding';
import { customerText } from '../../domain/customer-texts';
import { serviceRequestById } from '../../domain/request-access.queries';
import { customerMail } from '../../domain/request-mail';
import { AppError } from '../../infra/app-error';
import { pdfAttachment, type OutboxInput } from '../../infra/outbox';
import { publicBaseUrl } from '../../infra/public-url';
import type { SessionUser } from '../../infra/session';
import * as q from './invoice-reminders.queries';

const DAY_MS = 86_400_000;
/** Invoices reminded per run at most; the rest wait for the next run (15 minutes). */
const BATCH = 500;

type InvoiceRow = typeof invoices.$inferSelect;

/** How many reminders are due by `now` for an invoice issued at `issuedAt` (0 to 3). */
export function remindersDueBy(issuedAt: Date, now: Date) {
  return INVOICE_REMINDER_DAYS.filter((d) => now.getTime() >= issuedAt.getTime() + d * DAY_MS)
    .length;
}

/**
 * The periodic task: every unpaid invoice with a reminder due reminds its customer, once. Each
 * is claimed by a conditional update (reminders sent k → n, k still as read) in the transaction
 * that queues its messages, so two runs (instances) never both send it; after downtime `n` is
 * the latest reminder due, and only that one goes.
 */
export async function sendDueReminders(app: FastifyInstance) {
  const now = app.clock();
  const due = await q.dueReminders(app.db, now, BATCH);
  let sent = 0;
  for (const d of due) {
    const step = remindersDueBy(d.createdAt, now);
    if (step <= d.remindersSent) continue;
    try {
      const claimed = await app.db.transaction(async (tx) => {
        const inv = await q.claimReminder(tx, d.id, d.remindersSent, step, now);
        if (!inv) return false;
        await app.outbox.enqueue(tx, await reminderMessages(app, tx, inv, step, now));
        return true;
      });
      if (claimed) sent++;
    } catch (err) {
      // One invoice that cannot be reminded does not hold up the others; it is tried again next run.
      app.log.error({ err, invoiceId: d.id }, 'invoice reminder failed');
    }
  }
  return { sent };
}

/**
 * The reminder's messages: to a job's customer, the e-mail with the request page's link (where
 * they pay) and the invoice, and a text when they opted into texts; to the customer of a sale
 * without a job, the e-mail with the invoice attached.
 */
async function reminderMessages(
  app: FastifyInstance,
  tx: DbOrTx,
  inv: InvoiceRow,
  step: number,
  now: Date,
): Promise<OutboxInput[]> {
  const key = `invoice_reminder:${inv.id}:${step}`;
  const balance = Math.max(0, inv.totalAmountCents - inv.paidAmountCents);
  const paid = inv.paidAmountCents;
  const days = Math.floor((now.getTime() - inv.createdAt.getTime()) / DAY_MS);
  const balanceLine = `Balance due: ${formatCents(balance)}${paid > 0 ? ` (${formatCents(paid)} of ${formatCents(inv.totalAmountCents)} already paid)` : ''}.`;
  const attachments = [pdfAttachment('invoice', inv.id, inv.invoiceNumber)];
  const branding = await brandingOf(tx, inv.technicianId, now);
  const paidAlready = 'If you have paid it already, thank you, and please ignore this reminder.';

  const r =
    inv.serviceRequestId === null ? undefined : await serviceRequestById(tx, inv.serviceRequestId);
  if (r) {
    const messages: OutboxInput[] = [];
    const mail = customerMail(
      app,
      r,
      'invoice_reminder',
      `Reminder: invoice ${inv.invoiceNumber} is unpaid`,
      [
        `Invoice ${inv.invoiceNumber} for your ${r.serviceType} job, issued ${days} days ago, is not paid yet.`,
        balanceLine,
        `You can pay it by card on your request page, or pay your technician directly. ${paidAlready}`,
      ],
      'Pay your invoice',
      branding,
    );
    if (mail) messages.push({ ...mail, key, attachments });
    const text = customerText(
      app,
      r,
      'invoice_reminder',
      key,
      `reminder: invoice ${inv.invoiceNumber} for ${formatReference(r.id)} is unpaid: ${formatCents(balance)} due${paid > 0 ? ` (${formatCents(paid)} already paid)` : ''}. Pay or view:`,
    );
    if (text) messages.push(text);
    return messages;
  }
  if (!inv.customerEmail) return [];
  return [
    {
      to: inv.customerEmail,
      template: 'invoice_reminder',
      key,
      subject: `Reminder: invoice ${inv.invoiceNumber} from ${branding?.businessName ?? BRAND.name} is unpaid`,
      attachments,
      ...composeBrandedMail(
        [
          `Hi ${inv.customerName},`,
          `Invoice ${inv.invoiceNumber}${inv.vehicleInfo ? ` for your ${inv.vehicleInfo}` : ''}, issued ${days} days ago, is not paid yet.`,
          balanceLine,
          `Your invoice is attached; please pay your technician directly. ${paidAlready}`,
          signOff(branding),
        ],
        branding,
        publicBaseUrl(app.config),
      ),
    },
  ];
}

/**
 * The invoice's technician turns its reminders on or off. Any technician account may, plan or
 * not: stopping messages to their own customers is never withheld.
 */
export async function setInvoiceReminders(
  app: FastifyInstance,
  user: SessionUser | null,
  invoiceId: number,
  enabled: boolean,
): Promise<InvoiceRemindersResponse> {
  if (user?.technicianId == null)
    throw new AppError(403, "Only the invoice's technician can change its reminders");
  const owner = await q.invoiceOwner(app.db, invoiceId);
  if (!owner) throw new AppError(404, 'Invoice not found');
  if (owner.technicianId !== user.technicianId)
    throw new AppError(403, 'This invoice belongs to another technician');
  const row = await q.setRemindersEnabled(app.db, invoiceId, enabled);
  if (!row) throw new AppError(404, 'Invoice not found');
  return {
    invoiceId: row.id,
    enabled: row.remindersEnabled,
    sent: row.remindersSent,
    lastSentAt: row.lastRemindedAt?.toISOString() ?? null,
  };
}
