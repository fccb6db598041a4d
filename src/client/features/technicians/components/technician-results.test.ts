import { describe, expect, it } from 'vitest';
import { shownCount } from './technician-results';

describe("'Showing X of Y technicians'", () => {
  it('counts the cards on the first page', () => {
    expect(shownCount(1, 12, 12)).toBe('12');
    expect(shownCount(1, 12, 5)).toBe('5');
  });

  it("gives a later page its cards' places, never '1 of 13' on page 2", () => {
    expect(shownCount(2, 12, 1)).toBe('13');
    expect(shownCount(2, 12, 12)).toBe('13–24');
    expect(shownCount(3, 12, 4)).toBe('25–28');
  });
});
