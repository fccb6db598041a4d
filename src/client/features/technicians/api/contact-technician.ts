import { useMutation } from '@tanstack/react-query';
import type { ContactTechnicianInput } from '@shared/schemas/contact';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/contact-technician: a visitor's message to a technician. */
export const contactTechnician = (input: ContactTechnicianInput) =>
  apiRequest('POST', '/api/contact-technician', input);

export const useContactTechnician = () => useMutation({ mutationFn: contactTechnician });
