import { describe, expect, it } from 'vitest';
import { contrastRatio, normalizeHex, readableTextColor } from './branding';

describe('branding colours', () => {
  it('normalises short and upper-case hex', () => {
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
    expect(normalizeHex('#1D4ED8')).toBe('#1d4ed8');
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('picks white on dark accents and black on light ones', () => {
    expect(readableTextColor('#1d4ed8')).toBe('#ffffff');
    expect(readableTextColor('#ffff00')).toBe('#000000');
    expect(readableTextColor('#ffffff')).toBe('#000000');
  });

  it('always reaches AA (4.5:1) on every grey and on a sample of colours', () => {
    const hexes: string[] = [];
    for (let v = 0; v < 256; v += 1) {
      const h = v.toString(16).padStart(2, '0');
      hexes.push(`#${h}${h}${h}`);
    }
    for (let r = 0; r < 256; r += 51)
      for (let g = 0; g < 256; g += 17)
        for (let b = 0; b < 256; b += 51)
          hexes.push(`#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`);
    for (const hex of hexes)
      expect(contrastRatio(hex, readableTextColor(hex)), hex).toBeGreaterThanOrEqual(4.5);
  });
});
