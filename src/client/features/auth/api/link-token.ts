/**
 * The token of an e-mailed link: in the page URL's fragment (`#token=...`, never sent to the
 * server) or, for older links, its query. API calls carry it in a POST body only.
 */
export function linkToken(location: { hash: string; search: string }): string {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  return fromHash ?? new URLSearchParams(location.search).get('token') ?? '';
}
