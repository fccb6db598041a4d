import type {
  InvoiceRemindersResponse,
  UpdateInvoiceReminders,
} from '@shared/schemas/invoice-reminders';
import { apiRequest } from '../../../lib/api-client';
import { usePosMutation } from './use-pos-mutation';

/** PATCH /api/invoices/:id/reminders: the invoice's payment reminders on or off. */
export const updateInvoiceReminders = (invoiceId: number, body: UpdateInvoiceReminders) =>
  apiRequest<InvoiceRemindersResponse>('PATCH', `/api/invoices/${invoiceId}/reminders`, body);

export const useUpdateInvoiceReminders = () =>
  usePosMutation((v: { invoiceId: number; enabled: boolean }) =>
    updateInvoiceReminders(v.invoiceId, { enabled: v.enabled }),
  );
