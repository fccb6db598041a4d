import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { formatPhone, isUsE164, PHONE_MESSAGE, phoneForInput, phoneHref } from './phone';
import { toE164 } from './phone-parse';
import { US_PHONE_METADATA } from './phone-metadata';
import { optionalPhoneSchema, phoneSchema, requiredPhoneSchema } from './schemas/phone';

describe('toE164: a US number typed any way', () => {
  it.each([
    ['(301) 555-0199', '+13015550199'],
    ['301-555-0199', '+13015550199'],
    ['301.555.0199', '+13015550199'],
    ['  301 555 0199 ', '+13015550199'],
    ['3015550199', '+13015550199'],
    ['13015550199', '+13015550199'],
    ['1-301-555-0199', '+13015550199'],
    ['+1 (301) 555-0199', '+13015550199'],
    ['+13015550199', '+13015550199'],
    ['(202) 555-0142', '+12025550142'],
    ['(800) 555-0199', '+18005550199'],
  ])('%s -> %s', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
  });

  it.each([
    ['12345'],
    [''],
    ['   '],
    ['555-0199'],
    ['(123) 456-7890'],
    ['(999) 555-0199'],
    ['301-555-0199-1'],
    ['+44 20 7946 0958'],
    ['011 44 20 7946 0958'],
    ['+1 416 555 0199'],
    ['+1 787 555 0199'],
    ['(301) 555-0199 ext. 12'],
    ['call me at 301-555-0199'],
    ['301-555-0199 cell'],
    ['1-800-FLOWERS'],
    ['3'.repeat(31)],
  ])('refuses %j', (typed) => {
    expect(toE164(typed)).toBeNull();
  });
});

describe('showing a stored number', () => {
  it('formats E.164 as people write it and links to the E.164 form', () => {
    expect(formatPhone('+13015550199')).toBe('(301) 555-0199');
    expect(phoneHref('+13015550199')).toBe('tel:+13015550199');
    expect(isUsE164('+13015550199')).toBe(true);
    expect(phoneForInput('+12025550142')).toBe('(202) 555-0142');
    expect(phoneForInput(null)).toBe('');
    expect(phoneForInput(undefined)).toBe('');
  });

  it('shows a number stored before the rule as it was typed, never as a link', () => {
    for (const old of ['12345', 'call the shop', '+442079460958', '(301) 555-0199', '']) {
      expect(formatPhone(old)).toBe(old);
      expect(phoneHref(old)).toBeNull();
      expect(isUsE164(old)).toBe(false);
    }
    expect(phoneForInput('12345')).toBe('12345');
  });

  it('reads back every number it stores the way it was written', () => {
    for (const typed of ['(301) 555-0199', '(202) 555-0142', '(703) 555-0115'])
      expect(formatPhone(toE164(typed)!)).toBe(typed);
  });
});

describe('the phone fields (zod)', () => {
  it('stores E.164, keeps an empty field empty and names the problem', () => {
    expect(phoneSchema().parse(' 301-555-0199 ')).toBe('+13015550199');
    expect(phoneSchema().parse('')).toBe('');
    const bad = phoneSchema().safeParse('12345');
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual([PHONE_MESSAGE]);
    expect(PHONE_MESSAGE).toBe('Enter a US phone number, like (301) 555-0199');
  });

  it('refuses what is not text, and text with NUL characters', () => {
    for (const v of [3015550199, {}, '301\u0000555-0199'])
      expect(phoneSchema().safeParse(v).success, JSON.stringify(v)).toBe(false);
    expect(phoneSchema().safeParse(3015550199).error!.issues[0]!.message).toBe(PHONE_MESSAGE);
  });

  it('takes no number as null when the field is optional, and refuses none when it is required', () => {
    const optional = optionalPhoneSchema();
    for (const none of [undefined, null, '', '  ']) expect(optional.parse(none)).toBeNull();
    expect(optional.parse('(301) 555-0199')).toBe('+13015550199');
    expect(optional.safeParse('12345').success).toBe(false);

    const required = requiredPhoneSchema('Please enter a valid phone number');
    expect(required.safeParse('').error!.issues[0]!.message).toBe(
      'Please enter a valid phone number',
    );
    expect(required.safeParse('12345').error!.issues[0]!.message).toBe(
      'Please enter a valid phone number',
    );
    expect(required.parse('(301) 555-0199')).toBe('+13015550199');
  });
});

describe('the US metadata', () => {
  it("is libphonenumber-js's own for the US (copy countries.US again after an upgrade)", () => {
    const require = createRequire(import.meta.url);
    const full = JSON.parse(
      readFileSync(require.resolve('libphonenumber-js/metadata.min.json'), 'utf8'),
    ) as { version: number; countries: Record<string, unknown> };
    expect(US_PHONE_METADATA).toEqual({
      version: full.version,
      country_calling_codes: { '1': ['US'] },
      countries: { US: full.countries.US },
    });
  });
});
