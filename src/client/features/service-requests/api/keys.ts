/** Who is asking about a service request: its reference and, for a guest, the e-mailed link's token. */
export type ServiceRequestRef = { reference: string; token?: string };

/**
 * Query keys of the service request, one cache entry per request whichever screen reads it (the
 * customer's page, the technician's job, the admin's detail): what one screen learns, the others
 * show. The token is not part of a key (one request, one page).
 */
export const serviceRequestKeys = {
  all: ['service-requests'] as const,
  detail: (reference: string) => ['service-requests', reference.toUpperCase()] as const,
  /** Lists of requests (lower case: a reference is always upper case). */
  lists: ['service-requests', 'list'] as const,
  mine: ['service-requests', 'list', 'mine'] as const,
};

/** `/api/service-requests/:reference[/suffix]`, with a guest's signed-link token passed on (`?t=`). */
export function serviceRequestUrl({ reference, token }: ServiceRequestRef, suffix = '') {
  const base = `/api/service-requests/${encodeURIComponent(reference)}${suffix}`;
  return token ? `${base}?t=${encodeURIComponent(token)}` : base;
}
