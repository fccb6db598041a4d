import { describe, expect, it } from 'vitest';
import { isAppNavigation } from './navigation';

describe('isAppNavigation', () => {
  it("serves the app's screens from the shell, the server's paths from the network", () => {
    for (const p of ['/', '/start', '/technician-notifications', '/my-jobs/WR-000001', '/apis'])
      expect(isAppNavigation(p), p).toBe(true);
    for (const p of ['/api', '/api/docs', '/dev/mailbox', '/files/a.png'])
      expect(isAppNavigation(p), p).toBe(false);
  });
});
