import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '@shared/schemas/contact';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/contact: the Contact Us form's message to the team. */
export const sendContactMessage = (body: ContactMessageInput) =>
  apiRequest('POST', '/api/contact', body);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
