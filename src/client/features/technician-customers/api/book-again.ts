import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/technician-customers/:id/book-again: e-mails the customer a request link for a
 * service, sent to this technician first.
 */
export const useBookAgain = (id: number) =>
  useMutation({
    mutationFn: (serviceType: string) =>
      apiRequest<{ sentTo: string }>('POST', `/api/technician-customers/${id}/book-again`, {
        serviceType,
      }),
  });
