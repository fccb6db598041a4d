import { describe, expect, it } from 'vitest';
import { distanceSuffix } from './distance';

describe('distanceSuffix', () => {
  it('shows a known distance with one decimal', () => {
    expect(distanceSuffix(3.24)).toBe(' · 3.2 miles away');
  });
  it('shows nothing when no distance is known (never "0.0 miles away")', () => {
    expect(distanceSuffix(null)).toBe('');
    expect(distanceSuffix(undefined)).toBe('');
    expect(distanceSuffix(0)).toBe('');
    expect(distanceSuffix(0.04)).toBe('');
  });
});
