/** Query keys of the API tokens feature. */
export const apiTokenKeys = { list: ['/api/technicians/me/api-tokens'] as const };
