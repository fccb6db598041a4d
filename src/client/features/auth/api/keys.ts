/** Query keys of the auth feature; invalidating `currentUser()` covers the role variants too. */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  currentUserAs: (role: string) => [...authKeys.currentUser(), { role }] as const,
  setPasswordCheck: (token: string) => [...authKeys.all, 'set-password-check', token] as const,
  verifyEmail: (token: string) => [...authKeys.all, 'verify-email', token] as const,
  /** The deployment's settings (the demo or not): nobody's, so outside `all`. */
  appConfig: ['app-config'] as const,
};
