import { describe, expect, it } from 'vitest';
import { registerSchema } from './schemas/auth';
import { setPasswordSchema } from './schemas/set-password';
import { PASSWORD_MESSAGES, passwordProblem } from './passwords';

describe('passwordProblem (registration, reset links and admin:create)', () => {
  const account = { username: 'casey.jones', email: 'cj@example.com' };

  it('accepts a long, uncommon password that names nobody', () => {
    expect(passwordProblem('correct-horse-battery', account)).toBeNull();
  });

  it('refuses short, common, personal and repetitive passwords with the same messages', () => {
    expect(passwordProblem('short', account)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('x'.repeat(201), account)).toBe(PASSWORD_MESSAGES.tooLong);
    expect(passwordProblem('PassWord', account)).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('my casey.jones pw', account)).toBe(PASSWORD_MESSAGES.containsName);
    expect(passwordProblem('cj@example.com!', account)).toBe(PASSWORD_MESSAGES.containsName);
    expect(passwordProblem('abababababab', account)).toBe(PASSWORD_MESSAGES.repetitive);
  });

  it('is the rule of the registration and set-password contracts', () => {
    const reg = registerSchema.safeParse({ ...account, password: 'my-casey.jones-1' });
    expect(reg.success).toBe(false);
    expect(reg.error!.issues[0]).toMatchObject({
      path: ['password'],
      message: PASSWORD_MESSAGES.containsName,
    });
    const set = setPasswordSchema.safeParse({ token: 't', password: 'password1' });
    expect(set.error!.issues[0]!.message).toBe(PASSWORD_MESSAGES.common);
  });
});
