import { describe, expect, it } from 'vitest';
import { AppError } from '../../infra/app-error';
import { MAX_JSON_DEPTH, nestsDeeperThan, parseWebhookBody, TOO_DEEP } from './webhooks.body';

// The depth of a webhook body is judged on its text, before JSON.parse: brackets in strings
// (escaped quotes included) are text.

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, up to the limit and one past it', () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[{"a":[{}]}]', 3)).toBe(true);
    expect(nestsDeeperThan('[[],[],[]]', 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'say "[[[[["' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'C:\\', b: '[[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'C:\\', b: [[1]] }), 2)).toBe(true);
  });
});

describe('parseWebhookBody', () => {
  const refusal = (raw: string) => {
    try {
      parseWebhookBody(raw);
    } catch (err) {
      return err instanceof AppError ? [err.statusCode, err.message] : err;
    }
    return null;
  };

  it('reads an event nested as deep as allowed, and refuses one level more with 400', () => {
    expect(parseWebhookBody(nested(MAX_JSON_DEPTH))).toHaveProperty('a');
    expect(refusal(nested(MAX_JSON_DEPTH + 1))).toEqual([400, TOO_DEEP]);
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(refusal(deep)).toEqual([400, TOO_DEEP]);
  });

  it('refuses what PostgreSQL cannot store (NUL, half a surrogate pair) with 400', () => {
    expect(refusal('{"id":"a\\u0000"}')).toEqual([400, expect.stringMatching(/NUL/)]);
    expect(refusal('{"id":"\\ud800"}')).toEqual([400, expect.stringMatching(/not valid Unicode/)]);
    expect(refusal('{"\\udc00":1}')).toEqual([400, expect.stringMatching(/not valid Unicode/)]);
    expect(parseWebhookBody('{"id":"\\ud83d\\ude97"}')).toEqual({ id: '🚗' });
  });
});
