/** Query keys of the requests feature; the token is not part of a key (one request, one page). */
export const requestKeys = {
  all: ['requests'] as const,
  mine: ['requests', 'mine'] as const,
  detail: (reference: string) => ['requests', 'detail', reference.toUpperCase()] as const,
};

/** `/api/service-requests/:reference[/suffix]`, with the guest's signed-link token passed on. */
export function requestApiUrl(reference: string, token: string | undefined, suffix = '') {
  const base = `/api/service-requests/${encodeURIComponent(reference)}${suffix}`;
  return token ? `${base}?t=${encodeURIComponent(token)}` : base;
}

/** Who is asking about a request: its reference and, for a guest, the e-mailed link's token. */
export type RequestRef = { reference: string; token?: string };
