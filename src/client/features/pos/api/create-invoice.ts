import type { z } from 'zod';
import type { createInvoiceSchema, Invoice } from '@shared/schemas/pos';
import { apiRequest, type ApiRequest } from '../../../lib/api-client';

/** POST /api/invoices: from a quote named by id or client id; 200 for a replayed clientId. */
export const createInvoice = (
  body: z.input<typeof createInvoiceSchema>,
  request: ApiRequest = apiRequest,
) => request<Invoice>('POST', '/api/invoices', body);
