import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { payInvoiceSchema } from '@shared/schemas/service-request-views';
import type { cardPaymentResponseSchema } from '@shared/schemas/pos';
import { apiRequest } from '../../../../lib/api-client';
import { serviceRequestKeys, serviceRequestUrl, type ServiceRequestRef } from '../../api/keys';

export type PayInvoiceBody = z.input<typeof payInvoiceSchema>;
export type PayInvoiceResult = z.output<typeof cardPaymentResponseSchema>;

/** POST /api/service-requests/:reference/invoices/:invoiceId/pay: the customer pays by card. */
export const payInvoice = (ref: ServiceRequestRef, invoiceId: number, body: PayInvoiceBody) =>
  apiRequest<PayInvoiceResult>('POST', serviceRequestUrl(ref, `/invoices/${invoiceId}/pay`), body);

export function usePayInvoice(ref: ServiceRequestRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { invoiceId: number } & PayInvoiceBody) =>
      payInvoice(ref, v.invoiceId, {
        sourceId: v.sourceId,
        idempotencyKey: v.idempotencyKey,
        tip: v.tip ?? null,
      }),
    // Paid or declined, the invoice and its payments changed: show them as the server has them.
    onSettled: () => qc.invalidateQueries({ queryKey: serviceRequestKeys.detail(ref.reference) }),
  });
}
