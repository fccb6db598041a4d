import { describe, expect, it } from 'vitest';
import { TIP_MESSAGES } from '@shared/schemas/pos';
import { NO_TIP, tipOf } from './tip-picker';

describe('the tip a customer picks', () => {
  it('is a share of the invoice total rounded half up, as the server charges it', () => {
    expect(tipOf(NO_TIP, 7550)).toEqual({ input: null, cents: 0, error: null });
    expect(tipOf({ pick: 15, other: '' }, 7550)).toEqual({
      input: { type: 'percent', percent: 15 },
      cents: 1133,
      error: null,
    });
    expect(tipOf({ pick: 20, other: '' }, 7500).cents).toBe(1500);
  });

  it('takes an amount as typed, none when empty or zero, and says what is wrong', () => {
    expect(tipOf({ pick: 'other', other: ' 5.25 ' }, 7500)).toEqual({
      input: { type: 'amount', amount: '5.25' },
      cents: 525,
      error: null,
    });
    expect(tipOf({ pick: 'other', other: '' }, 7500)).toEqual({
      input: null,
      cents: 0,
      error: null,
    });
    expect(tipOf({ pick: 'other', other: '0' }, 7500).input).toBeNull();
    expect(tipOf({ pick: 'other', other: '1.234' }, 7500).error).toBe(TIP_MESSAGES.amount);
    expect(tipOf({ pick: 'other', other: 'abc' }, 7500).error).toBe(TIP_MESSAGES.amount);
    expect(tipOf({ pick: 'other', other: '75.01' }, 7500).error).toBe(TIP_MESSAGES.overTotal);
    expect(tipOf({ pick: 'other', other: '75.01' }, 7500, TIP_MESSAGES.overAmount).error).toBe(
      TIP_MESSAGES.overAmount,
    );
    expect(tipOf({ pick: 'other', other: '75' }, 7500).cents).toBe(7500);
  });
});
