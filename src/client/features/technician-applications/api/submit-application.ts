import type { z } from 'zod';
import type {
  applicationCreatedSchema,
  TechnicianApplicationInput,
} from '@shared/schemas/applications';
import { apiRequest } from '../../../lib/api-client';

export type ApplicationCreated = z.output<typeof applicationCreatedSchema>;

/** POST /api/technician-applications (public: applicants have no account yet). */
export const submitApplication = (input: TechnicianApplicationInput) =>
  apiRequest<ApplicationCreated>('POST', '/api/technician-applications', input);
