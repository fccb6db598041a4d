import { describe, expect, it } from 'vitest';
import { createAttemptToken } from './attempt-token';

// One card token per payment attempt: a retry under the same idempotency key sends the same
// request, so the server answers it with the first outcome instead of refusing another card.

describe('createAttemptToken', () => {
  it('tokenizes once per key, again for a new key', async () => {
    const tokenFor = createAttemptToken();
    let n = 0;
    const tokenize = async () => `tok-${++n}`;
    expect(await tokenFor('key-1', tokenize)).toBe('tok-1');
    expect(await tokenFor('key-1', tokenize)).toBe('tok-1');
    expect(await tokenFor('key-2', tokenize)).toBe('tok-2');
    expect(await tokenFor('key-2', tokenize)).toBe('tok-2');
    expect(n).toBe(2);
  });

  it('gives a double click the token being made', async () => {
    const tokenFor = createAttemptToken();
    let n = 0;
    const tokenize = () => new Promise<string>((r) => setTimeout(() => r(`tok-${++n}`), 5));
    const [a, b] = await Promise.all([tokenFor('key', tokenize), tokenFor('key', tokenize)]);
    expect([a, b]).toEqual(['tok-1', 'tok-1']);
  });

  it('tokenizes again after the card could not be tokenized', async () => {
    const tokenFor = createAttemptToken();
    await expect(
      tokenFor('key', () => Promise.reject(new Error('Card number is invalid'))),
    ).rejects.toThrow('Card number is invalid');
    expect(await tokenFor('key', async () => 'tok-ok')).toBe('tok-ok');
  });
});
