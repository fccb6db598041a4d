import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry } from './card-input';

describe('formatExpiry', () => {
  it('puts the slash in as the year is typed', () => {
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('122')).toBe('12/2');
    expect(formatExpiry('12/28')).toBe('12/28');
    expect(formatExpiry('12/289')).toBe('12/28');
  });
  it('reads a month typed as one digit, a pasted long year and stray characters', () => {
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12 / 2028')).toBe('12/28');
    expect(formatExpiry('ab12cd28')).toBe('12/28');
    expect(formatExpiry('')).toBe('');
  });
});

describe('formatCardNumber', () => {
  it('groups the digits by four', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111-1111')).toBe('4111 1111');
    expect(formatCardNumber('41')).toBe('41');
  });
});
