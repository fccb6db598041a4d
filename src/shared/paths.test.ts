import { describe, expect, it } from 'vitest';
import { PATHS, jobNotificationPath, startPathFor } from './paths';

describe('startPathFor', () => {
  it("opens the installed app on each role's first screen", () => {
    expect(startPathFor('technician')).toBe(PATHS.technicianNotifications);
    expect(startPathFor('admin')).toBe(PATHS.adminDashboard);
    expect(startPathFor('customer')).toBe(PATHS.myRequests);
    expect(startPathFor(null)).toBe(PATHS.home);
    expect(startPathFor(undefined)).toBe('/');
  });

  it("builds a job notification's link", () => {
    expect(jobNotificationPath(12)).toBe('/technician-notifications?notification=12');
  });
});
