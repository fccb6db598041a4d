/** "First Last" as shown to people; just one of them when the other is empty. */
export const fullName = (u: { firstName: string; lastName?: string | null }) =>
  `${u.firstName} ${u.lastName ?? ''}`.trim();

/** 'Maria G.': the first name and the last initial, as shown publicly (reviews, timelines). */
export function shortName(
  u: { firstName: string | null; lastName?: string | null },
  unknown = 'Customer',
): string {
  const first = u.firstName?.trim();
  if (!first) return unknown;
  const initial = u.lastName?.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}
