/** "First Last" as shown to people; just one of them when the other is empty. */
export const fullName = (u: { firstName: string; lastName?: string | null }) =>
  `${u.firstName} ${u.lastName ?? ''}`.trim();
