import { z } from 'zod';

/**
 * Days after an invoice is issued when its customer is reminded that it is unpaid, one reminder
 * each. After downtime only the latest one due goes: a customer never gets several at once.
 */
export const INVOICE_REMINDER_DAYS = [3, 7, 14] as const;

/**
 * An invoice older than this is past automatic reminders (the technician follows it up): a
 * server catching up, or reminders turned back on late, never dun a customer over an old bill.
 */
export const INVOICE_REMINDER_MAX_AGE_DAYS = 30;

/** An invoice's reminders: whether they go, how many went and when the last one did. */
export const invoiceRemindersSchema = z.object({
  enabled: z.boolean(),
  sent: z.number().int(),
  lastSentAt: z.string().nullable(),
});
export type InvoiceReminders = z.output<typeof invoiceRemindersSchema>;

/** PATCH /api/invoices/{id}/reminders: the technician turns one invoice's reminders on or off. */
export const updateInvoiceRemindersSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type UpdateInvoiceReminders = z.input<typeof updateInvoiceRemindersSchema>;

export const invoiceRemindersResponseSchema = invoiceRemindersSchema.extend({
  invoiceId: z.number().int(),
});
export type InvoiceRemindersResponse = z.output<typeof invoiceRemindersResponseSchema>;
