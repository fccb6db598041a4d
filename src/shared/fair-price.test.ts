import { describe, expect, it } from 'vitest';
import { priceVerdict, typicalPriceText, wholeDollars } from './fair-price';

describe('fair-price texts', () => {
  const range = { low: '119.50', median: '150.00', high: '1524.49' };

  it('shows the interquartile range in whole dollars', () => {
    expect(typicalPriceText(range)).toBe('Typical price in your area: $120–$1,524');
    expect(wholeDollars('0.49')).toBe('$0');
  });

  it('places an amount below, within or above the range, to the cent', () => {
    expect(priceVerdict('119.49', range)).toBe('below');
    expect(priceVerdict('119.50', range)).toBe('within');
    expect(priceVerdict('1524.49', range)).toBe('within');
    expect(priceVerdict('1524.50', range)).toBe('above');
  });
});
