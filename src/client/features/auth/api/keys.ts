/** Query keys of the auth feature; invalidating `currentUser()` covers the role variants too. */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  currentUserAs: (role: string) => [...authKeys.currentUser(), { role }] as const,
};
