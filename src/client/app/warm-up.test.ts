import { describe, expect, it } from 'vitest';
import { SERVICE_TIME_ZONE } from '@shared/service-time';
import { DATE_ZONE, warmDateFormats } from './warm-up';

describe('warming up date formats', () => {
  it('loads the zone dates are shown in', () => {
    expect(DATE_ZONE).toBe(SERVICE_TIME_ZONE);
    expect(() => warmDateFormats()).not.toThrow();
  });
});
