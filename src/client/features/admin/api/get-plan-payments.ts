import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminPaymentSchema } from '@shared/schemas/billing';
import { getJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type AdminPayment = z.output<typeof adminPaymentSchema>;

/** GET /api/admin/payments: every technician's plan payments, newest first. */
export const getAdminPayments = () => getJson<AdminPayment[]>('/api/admin/payments');

export const adminPaymentsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.planPayments, queryFn: getAdminPayments });

export const useAdminPayments = () => useQuery(adminPaymentsQueryOptions());
