import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Connected accounts' tokens at rest: AES-256-GCM with a random 96-bit nonce per value. A stored
 * value names its key by a short fingerprint (`v1.<key id>.<nonce>.<tag>.<ciphertext>`, base64url
 * parts), so after a rotation the previous key still decrypts what it wrote until a re-save
 * (ADR 030; docs/deployment.md, under the payment settings, has the rotation steps).
 */
export type TokenCipher = {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** Whether `stored` was written with the current key (else: re-encrypt it). */
  isCurrent(stored: string): boolean;
};

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('base64url').slice(0, 8);

export class TokenCipherError extends Error {}

export function createTokenCipher(key: Buffer, previous?: Buffer): TokenCipher {
  if (key.length !== 32) throw new TokenCipherError('The token key must be 32 bytes');
  const keys = new Map([[keyId(key), key]]);
  if (previous) keys.set(keyId(previous), previous);
  const currentId = keyId(key);
  return {
    encrypt(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', currentId, nonce, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(stored) {
      const [version, id, nonce, tag, body] = stored.split('.');
      const k = id ? keys.get(id) : undefined;
      if (version !== 'v1' || !k || !nonce || !tag || body === undefined)
        throw new TokenCipherError('A stored token was written with an unknown key');
      const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new TokenCipherError('A stored token failed its integrity check');
      }
    },
    isCurrent: (stored) => stored.split('.')[1] === currentId,
  };
}
