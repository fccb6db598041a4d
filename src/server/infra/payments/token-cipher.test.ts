import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher';

describe('connected accounts token cipher (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips, with a fresh nonce every time, and never shows the token', () => {
    const c = createTokenCipher(key);
    const a = c.encrypt('EAAA-access-token');
    const b = c.encrypt('EAAA-access-token');
    expect(a).not.toBe(b);
    expect(a).not.toContain('EAAA');
    expect(c.decrypt(a)).toBe('EAAA-access-token');
    expect(c.isCurrent(a)).toBe(true);
  });

  it('refuses a value that was tampered with', () => {
    const c = createTokenCipher(key);
    const parts = c.encrypt('secret').split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => c.decrypt(parts.join('.'))).toThrow(/integrity/);
  });

  it('decrypts with the previous key after a rotation, and says the value needs re-saving', () => {
    const old = createTokenCipher(key);
    const stored = old.encrypt('before rotation');
    const rotated = createTokenCipher(randomBytes(32), key);
    expect(rotated.decrypt(stored)).toBe('before rotation');
    expect(rotated.isCurrent(stored)).toBe(false);
    expect(() => createTokenCipher(randomBytes(32)).decrypt(stored)).toThrow(/unknown key/);
  });
});
