import { serviceRequestUrl } from '../../../lib/api/service-request';

/**
 * Query keys of the requests feature. The request itself is `sharedKeys.serviceRequest` (the
 * jobs and the admin read it too); the token is not part of a key (one request, one page).
 */
export const requestKeys = {
  all: ['requests'] as const,
  mine: ['requests', 'mine'] as const,
};

/** `/api/service-requests/:reference[/suffix]`, with the guest's signed-link token passed on. */
export const requestApiUrl = serviceRequestUrl;

/** Who is asking about a request: its reference and, for a guest, the e-mailed link's token. */
export type RequestRef = { reference: string; token?: string };
