import { and, asc, eq, sql } from 'drizzle-orm';
import {
  INVOICE_REMINDER_DAYS,
  INVOICE_REMINDER_MAX_AGE_DAYS,
} from '@shared/schemas/invoice-reminders';
import type { DbOrTx } from '../../db/client';
import { invoicePayments, invoices, notificationSettings, serviceRequests } from '../../db/schema';

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const daysBefore = (now: Date, days: number | ReturnType<typeof sql>) =>
  sql`${at(now)} - make_interval(days => ${days})`;

/**
 * Whether the invoice's customer is to be reminded at all, as of now: reminders on for it and in
 * its technician's settings (no settings row: the default, on); unpaid (not paid, not disputed,
 * a balance left once the payments still processing count); its job not canceled; someone to
 * write to (the request's address, or its texts' consent; a sale without a job: the invoice's
 * address); not older than the reminders run.
 */
function remindable(now: Date) {
  return and(
    eq(invoices.remindersEnabled, true),
    eq(invoices.status, 'pending'),
    sql`${invoices.createdAt} > ${daysBefore(now, INVOICE_REMINDER_MAX_AGE_DAYS)}`,
    sql`${invoices.paidAmountCents} + coalesce((
          select sum(${invoicePayments.amountCents}) from ${invoicePayments}
          where ${invoicePayments.invoiceId} = ${invoices.id}
            and ${invoicePayments.status} = 'processing'
        ), 0) < ${invoices.totalAmountCents}`,
    sql`not exists (
          select 1 from ${notificationSettings}
          where ${notificationSettings.technicianId} = ${invoices.technicianId}
            and not ${notificationSettings.invoiceReminders}
        )`,
    sql`case when ${invoices.serviceRequestId} is null
          then ${invoices.customerEmail} is not null
          else exists (
            select 1 from ${serviceRequests}
            where ${serviceRequests.id} = ${invoices.serviceRequestId}
              and ${serviceRequests.status} <> 'canceled'
              and (${serviceRequests.contactEmail} is not null
                or (${serviceRequests.smsUpdatesPhone} is not null
                  and ${serviceRequests.smsUpdatesConsentAt} is not null))
          )
        end`,
  );
}

/** The days after issue of the next reminder an invoice owes, by how many it was sent. */
const nextReminderDays = sql`(array[${sql.raw(INVOICE_REMINDER_DAYS.join(','))}])[${invoices.remindersSent} + 1]`;

/** Invoices with a reminder due now (the next one's day has come), oldest first. */
export function dueReminders(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({
      id: invoices.id,
      createdAt: invoices.createdAt,
      remindersSent: invoices.remindersSent,
    })
    .from(invoices)
    .where(
      and(
        sql`${invoices.remindersSent} < ${INVOICE_REMINDER_DAYS.length}`,
        // To the millisecond, as the service reads the time (PostgreSQL keeps microseconds).
        sql`date_trunc('milliseconds', ${invoices.createdAt}) <= ${daysBefore(now, nextReminderDays)}`,
        remindable(now),
      ),
    )
    .orderBy(asc(invoices.createdAt), asc(invoices.id))
    .limit(limit);
}

/**
 * Claims reminders `from` + 1 to `to` of the invoice (a conditional update: another run that
 * claimed them first, a payment, a dispute or the reminders turned off meanwhile leave nothing to
 * claim). Returns the invoice when this caller sends the reminder, in its transaction.
 */
export async function claimReminder(tx: DbOrTx, id: number, from: number, to: number, now: Date) {
  const [row] = await tx
    .update(invoices)
    .set({ remindersSent: to, lastRemindedAt: now })
    .where(and(eq(invoices.id, id), eq(invoices.remindersSent, from), remindable(now)))
    .returning();
  return row;
}

/** Who an invoice belongs to, or undefined when there is no such invoice. */
export function invoiceOwner(db: DbOrTx, id: number) {
  return db
    .select({ technicianId: invoices.technicianId })
    .from(invoices)
    .where(eq(invoices.id, id))
    .then((r) => r[0]);
}

export function setRemindersEnabled(db: DbOrTx, id: number, enabled: boolean) {
  return db
    .update(invoices)
    .set({ remindersEnabled: enabled })
    .where(eq(invoices.id, id))
    .returning({
      id: invoices.id,
      remindersEnabled: invoices.remindersEnabled,
      remindersSent: invoices.remindersSent,
      lastRemindedAt: invoices.lastRemindedAt,
    })
    .then((r) => r[0]);
}
