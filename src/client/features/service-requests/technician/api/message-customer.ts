import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { jobMessageSchema } from '@shared/schemas/jobs';
import { apiRequest } from '../../../../lib/api-client';

export type JobMessage = z.input<typeof jobMessageSchema>;

/** POST /api/service-requests/:reference/messages: the technician e-mails the customer. */
export const messageCustomer = (reference: string, body: JobMessage) =>
  apiRequest<{ message: string }>(
    'POST',
    `/api/service-requests/${encodeURIComponent(reference)}/messages`,
    body,
  );

export const useMessageCustomer = (reference: string) =>
  useMutation({ mutationFn: (body: JobMessage) => messageCustomer(reference, body) });
