/** Query keys of the profile feature. */
export const profileKeys = { me: ['/api/technicians/me'] as const };
