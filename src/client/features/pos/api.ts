import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  approveQuoteSchema,
  cardPaymentResponseSchema,
  cardPaymentSchema,
  CreateQuoteInput,
  emailQuoteSchema,
  emailReceiptSchema,
  Invoice,
  PosPayment,
  PosReceipt,
  PublicQuote,
  Quote,
  recordPaymentSchema,
} from '@shared/schemas/pos';
import type {
  PaymentsConfig,
  SandboxCardInput,
  SandboxTokenResponse,
} from '@shared/schemas/payments';
import { apiRequest, getJson } from '../../lib/api-client';

export const posKeys = {
  all: ['pos'] as const,
  quotes: (id: number) => ['pos', 'quotes', id] as const,
  invoices: (id: number) => ['pos', 'invoices', id] as const,
  payments: (id: number) => ['pos', 'payments', id] as const,
};

export const useQuotes = (technicianId: number, enabled = true) =>
  useQuery({
    queryKey: posKeys.quotes(technicianId),
    queryFn: () => getJson<Quote[]>(`/api/quotes/technician/${technicianId}`),
    enabled,
    // Customers sign e-mailed quotes on their own devices: pick that up while the list is open.
    refetchInterval: 15_000,
  });

export const useInvoices = (technicianId: number, enabled = true) =>
  useQuery({
    queryKey: posKeys.invoices(technicianId),
    queryFn: () => getJson<Invoice[]>(`/api/invoices/technician/${technicianId}`),
    enabled,
  });

export const usePayments = (technicianId: number, enabled = true) =>
  useQuery({
    queryKey: posKeys.payments(technicianId),
    queryFn: () => getJson<PosPayment[]>(`/api/pos/payments/technician/${technicianId}`),
    enabled,
  });

/** A mutation that refreshes every point-of-sale list when it settles. */
function usePosMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: posKeys.all }),
  });
}

export const useCreateQuote = () =>
  usePosMutation((input: CreateQuoteInput) => apiRequest<Quote>('POST', '/api/quotes', input));

export const useApproveQuote = () =>
  usePosMutation((v: { id: number; signature: string }) =>
    apiRequest<Quote>('PATCH', `/api/quotes/${v.id}/approve`, { signature: v.signature }),
  );

export const useCreateInvoice = () =>
  usePosMutation((quoteId: number) => apiRequest<Invoice>('POST', '/api/invoices', { quoteId }));

export const useEmailQuote = () =>
  usePosMutation((v: z.input<typeof emailQuoteSchema>) =>
    apiRequest('POST', '/api/pos/email-quote', v),
  );

export const useEmailReceipt = () =>
  usePosMutation((v: z.input<typeof emailReceiptSchema>) =>
    apiRequest('POST', '/api/pos/email-receipt', v),
  );

export type CardPaymentResult = z.output<typeof cardPaymentResponseSchema>;

export const useCardPayment = () =>
  usePosMutation((v: z.input<typeof cardPaymentSchema>) =>
    apiRequest<CardPaymentResult>('POST', '/api/square/create-payment', v),
  );

export const useRecordPayment = () =>
  usePosMutation((v: z.input<typeof recordPaymentSchema>) =>
    apiRequest<PosPayment>('POST', '/api/pos/payments', v),
  );

/** GET /api/pos/receipts/{id}: one payment with its invoice and the technician's details. */
export type { PosReceipt };

export const useReceipt = (id: string | undefined) =>
  useQuery({
    queryKey: ['/api/pos/receipts', id],
    queryFn: () => getJson<PosReceipt>(`/api/pos/receipts/${id}`),
  });

/** GET /api/payments/config: which card form the payment screen shows (same key as billing's). */
export type { PaymentsConfig };

export const usePaymentsConfig = () =>
  useQuery({
    queryKey: ['/api/payments/config'],
    queryFn: () => getJson<PaymentsConfig>('/api/payments/config'),
  });

/** POST /api/payments/sandbox/tokenize: the sandbox card form's token for these card details. */
export const tokenizeSandboxCard = async (card: SandboxCardInput) =>
  (await apiRequest<SandboxTokenResponse>('POST', '/api/payments/sandbox/tokenize', card)).token;

/** GET /api/quote-approvals/{token}: the quote behind a customer's e-mailed approval link. */
const quoteApprovalUrl = (token: string) => `/api/quote-approvals/${encodeURIComponent(token)}`;

export const usePublicQuote = (token: string) =>
  useQuery({
    queryKey: [quoteApprovalUrl(token)],
    queryFn: () => getJson<PublicQuote>(quoteApprovalUrl(token)),
  });

/** POST /api/quote-approvals/{token}: the customer signs the quote. */
export const useSignPublicQuote = (
  token: string,
  options: { onSuccess: () => void; onError: (err: Error) => void },
) =>
  useMutation({
    mutationFn: (signature: z.input<typeof approveQuoteSchema>['signature']) =>
      apiRequest<PublicQuote>('POST', quoteApprovalUrl(token), { signature }),
    ...options,
  });
