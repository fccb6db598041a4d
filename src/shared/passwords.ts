/**
 * The one password rule of every way a password is chosen: registration, a set/reset link and
 * `admin:create`. The server refuses what it returns; the forms show the same message first.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** Passwords anyone would try first. */
const COMMON = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  'abcdefgh',
  'abc12345',
  'iloveyou',
  'sunshine',
  'football',
  'baseball',
  'trustno1',
  'admin123',
  'administrator',
  'letmein1',
  'letmein123',
  'changeme',
  'welcome1',
  'welcome123',
  'wrenchly',
  'wrenchly1',
  'wrenchly-demo',
]);

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  common: 'This password is too common: choose another one',
  containsName: 'The password must not contain the username or e-mail address',
  repetitive: 'The password needs more different characters',
} as const;

/**
 * What is wrong with a password for this account (null when it is fine): its length, a
 * well-known password, the username or e-mail inside it, or too few different characters.
 */
export function passwordProblem(
  password: string,
  account: { username?: string | null; email?: string | null } = {},
): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return PASSWORD_MESSAGES.common;
  const email = (account.email ?? '').trim().toLowerCase();
  const names = [(account.username ?? '').trim().toLowerCase(), email, email.split('@')[0] ?? ''];
  if (names.some((n) => n.length >= 3 && lower.includes(n))) return PASSWORD_MESSAGES.containsName;
  if (new Set(password).size < 4) return PASSWORD_MESSAGES.repetitive;
  return null;
}
