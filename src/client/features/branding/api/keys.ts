/** Query keys of the branding feature. */
export const brandingKeys = { me: ['/api/technicians/me/branding'] as const };
