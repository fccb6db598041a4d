import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  flatRate,
  formatAmount,
  formatCents,
  formatWholeDollars,
  MAX_MONEY_CENTS,
  quoteTotals,
  toCents,
  toHundredths,
} from './money';

describe('money basics', () => {
  it('formats cents as decimal strings', () => {
    expect(centsToDecimal(8500)).toBe('85.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-1234)).toBe('-12.34');
    expect(formatCents(299)).toBe('$2.99');
  });

  it('shows amounts to people with a thousands separator, the sign first', () => {
    expect(formatCents(150000)).toBe('$1,500.00');
    expect(formatCents(-1250)).toBe('-$12.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(MAX_MONEY_CENTS)).toBe('$1,000,000.00');
    expect(formatCents(-MAX_MONEY_CENTS)).toBe('-$1,000,000.00');
    expect(formatCents(100_001)).toBe('$1,000.01');
    // Every cent of the range prints exactly (no binary floating point drift).
    for (const c of [1, 7, 10, 99, 101, 1005, 999_999, MAX_MONEY_CENTS - 1])
      expect(formatCents(c).replace(/[$,]/g, '')).toBe(centsToDecimal(c));
    // Written as en-US currency formatting writes it, from a cent to past the largest amount.
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (let c = -2_000_000_000; c <= 2_000_000_000; c += 9_999_991)
      for (const v of [c, c + 1, c + 50, c + 99])
        expect(formatCents(v), String(v)).toBe(usd.format(v / 100 || 0));
  });

  it('shows API decimal strings the same way, machine values keep no separator', () => {
    expect(formatAmount('1500.00')).toBe('$1,500.00');
    expect(formatAmount('85')).toBe('$85.00');
    expect(formatAmount(2.99)).toBe('$2.99');
    expect(formatAmount('-12.5')).toBe('-$12.50');
    expect(centsToDecimal(150000)).toBe('1500.00');
    expect(centsToDecimal(MAX_MONEY_CENTS)).toBe('1000000.00');
  });

  it('rounds to whole dollars through the same formatter for ranges and hourly rates', () => {
    expect(formatWholeDollars('1524.50')).toBe('$1,525');
    expect(formatWholeDollars('85.00')).toBe('$85');
    expect(formatWholeDollars(0.49)).toBe('$0');
    expect(formatWholeDollars('-12.50')).toBe('-$12');
  });

  it('parses dollars to cents rounding half up', () => {
    expect(toCents('85')).toBe(8500);
    expect(toCents('2.99')).toBe(299);
    expect(toCents(1.005)).toBe(101);
    expect(toCents('1.004')).toBe(100);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('.5')).toBe(50);
    expect(() => toCents('abc')).toThrow(RangeError);
  });
});

describe('quoteTotals', () => {
  it('computes lines, labor, parts, tax and total in cents', () => {
    const t = quoteTotals(
      [
        { type: 'labor', quantity: 1.5, unitPriceCents: 9500 },
        { type: 'part', quantity: 2, unitPriceCents: 4599 },
      ],
      flatRate(8.25),
    );
    expect(t).toEqual({
      lineTotalsCents: [14250, 9198],
      laborTotalCents: 14250,
      partsTotalCents: 9198,
      subtotalCents: 23448,
      taxAmountCents: 1935, // labour 1175.625 -> 1176, parts 758.835 -> 759
      totalAmountCents: 25383,
    });
  });

  it('taxes parts and labour at their own rates, each kind rounded once', () => {
    const lines = [
      { type: 'labor' as const, quantity: 1.5, unitPriceCents: 9500 },
      { type: 'part' as const, quantity: 2, unitPriceCents: 4599 },
    ];
    // Maryland: 6% on the parts ($91.98 -> $5.5188 -> $5.52), labour untaxed.
    expect(quoteTotals(lines, { parts: 6, labor: 0 })).toMatchObject({
      taxAmountCents: 552,
      totalAmountCents: 23448 + 552,
    });
    // The District: both kinds at 7%: 997.5 -> 998 and 643.86 -> 644.
    expect(quoteTotals(lines, { parts: 7, labor: 7 }).taxAmountCents).toBe(998 + 644);
  });

  it('rounds half up to the cent', () => {
    // 0.5 x 1 cent = 0.5 -> 1; tax 8.25% of 200 = 16.5 -> 17
    expect(
      quoteTotals([{ type: 'part', quantity: 0.5, unitPriceCents: 1 }], flatRate(0))
        .totalAmountCents,
    ).toBe(1);
    expect(
      quoteTotals([{ type: 'part', quantity: 1, unitPriceCents: 200 }], flatRate(8.25))
        .taxAmountCents,
    ).toBe(17);
  });

  it('holds for thousands of random quotes: total = sum of rounded lines + rounded tax', () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const lines = Array.from({ length: 1 + Math.floor(rand() * 8) }, () => ({
        type: (rand() < 0.5 ? 'labor' : 'part') as 'labor' | 'part',
        quantity: Math.floor(rand() * 1000) / 100,
        unitPriceCents: Math.floor(rand() * 200_000),
      }));
      const rate = Math.floor(rand() * 1500) / 100;
      const laborRate = rand() < 0.5 ? 0 : rate;
      const t = quoteTotals(lines, { parts: rate, labor: laborRate });
      const exactLines = lines.map((l) => (toHundredths(l.quantity) * l.unitPriceCents) / 100);
      t.lineTotalsCents.forEach((c, j) => {
        expect(Number.isInteger(c)).toBe(true);
        expect(Math.abs(c - exactLines[j]!)).toBeLessThanOrEqual(0.5);
      });
      const sum = t.lineTotalsCents.reduce((a, b) => a + b, 0);
      expect(t.laborTotalCents + t.partsTotalCents).toBe(sum);
      // Each kind's tax is within half a cent of exact: the sum within a cent.
      const exactTax =
        (t.partsTotalCents * toHundredths(rate) + t.laborTotalCents * toHundredths(laborRate)) /
        10_000;
      expect(Math.abs(t.taxAmountCents - exactTax)).toBeLessThanOrEqual(1);
      expect(t.totalAmountCents).toBe(sum + t.taxAmountCents);
    }
  });
});
