import { expect, test } from './fixtures';

// Choosing the time (ADR 043): a technician sets their working week on their profile; a
// customer on a phone picks two of their open windows on the request form; accepting books the
// earliest, and both sides see the booked window.

test('a customer on a phone picks arrival windows; accepting books one', async ({
  browser,
  approvedTechnician,
}) => {
  test.setTimeout(90_000);
  const { context: tech } = await approvedTechnician({
    prefix: 'windows',
    plan: 'Basic',
    data: { firstName: 'Wendy', lastName: 'Windows' },
  });
  // Cumberland, in western Maryland far from the demo technicians: no one else is near.
  const profile = await tech.request.patch('/api/technicians/me', {
    data: { zipCode: '21502', specialties: ['Diagnostics'], isAvailable: true, hourlyRate: 80 },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const { id } = (await (await tech.request.get('/api/technicians/me')).json()) as { id: number };

  // The technician's week, on their profile: every day, mornings only.
  const techPage = await tech.newPage();
  await techPage.goto('/technician-profile');
  const hours = techPage.getByRole('region', { name: 'Working hours' });
  await expect(hours.getByLabel('Monday start')).toBeVisible();
  for (const day of ['Sunday', 'Saturday']) {
    const box = hours.getByRole('checkbox', { name: day });
    if (!(await box.isChecked())) await box.check();
  }
  for (const day of [
    'Sunday',
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
  ]) {
    await hours.getByLabel(`${day} start`).fill('08:00');
    await hours.getByLabel(`${day} end`).fill('12:00');
  }
  await hours.getByRole('button', { name: 'Save working hours' }).click();
  await expect(techPage.getByText('Working hours saved')).toBeVisible();
  const week = await (await tech.request.get('/api/availability/schedule')).json();
  expect(week.hours[1]).toEqual({ start: '08:00', end: '12:00' });
  expect(week.isDefault).toBe(false);

  // The customer, on a phone, asks Wendy directly from her profile.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const customer = await phone.newPage();
  await customer.goto(`/request-service?technician=${id}`);
  const problem = `Check engine light on ${Date.now()}`;
  await customer.getByLabel('Full Name *').fill('Pat Picker');
  await customer.getByLabel('Email *').fill('pat.picker@example.com');
  await customer.getByLabel('Service Type *').selectOption('Diagnostics');
  await customer.getByLabel('Vehicle Year *').fill('2016');
  await customer.getByLabel('Vehicle Make *').fill('Toyota');
  await customer.getByLabel('Vehicle Model *').fill('Camry');
  await customer.getByLabel('Problem Description *').fill(problem);
  await customer.getByLabel('Location *').fill('21502');

  // Her open windows: two hours each, mornings, in Eastern Time.
  const picker = customer.getByRole('group', { name: 'When should the technician come?' });
  const windows = picker.getByTestId('arrival-window');
  await expect(windows.first()).toBeVisible();
  await expect(windows.first()).toHaveText(/(8:00–10:00|10:00 AM–12:00) (AM|PM) E[SD]T/);
  await expect(picker.getByRole('button', { name: 'As soon as possible' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const second = (await windows.nth(1).textContent())!;
  const third = (await windows.nth(2).textContent())!;
  await windows.nth(2).click();
  await windows.nth(1).click();
  await expect(windows.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(picker.getByRole('button', { name: 'As soon as possible' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  // Nothing overflows the phone's width.
  const overflow = await customer.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(360);
  // The cancellation rule, before booking.
  await expect(customer.getByTestId('cancellation-policy')).toHaveText(
    'Free to cancel until 24 hours before your confirmed arrival window. No fee is ever charged for canceling.',
  );
  await customer.getByRole('button', { name: 'Submit Request' }).click();
  await expect(customer).toHaveURL(/\/requests\/WR-\d{6}\?t=/);
  const asked = customer.getByTestId('picked-windows');
  await expect(asked).toContainText(second);
  await expect(asked).toContainText(third);

  // Wendy accepts: the earlier of the two is booked.
  await techPage.goto('/technician-notifications');
  const card = techPage.getByTestId('pending-notification').filter({ hasText: problem });
  await card.getByRole('button', { name: 'View Details' }).click();
  const dialog = techPage.getByRole('dialog');
  await expect(dialog.getByTestId('picked-windows')).toContainText(second);
  await dialog.getByRole('button', { name: 'Accept Job' }).click();
  await expect(techPage.getByText('Job Accepted!')).toBeVisible();

  await customer.reload();
  await expect(customer.getByTestId('arrival-window')).toHaveText(second.trim());
  await expect(customer.getByText('Scheduled').first()).toBeVisible();
  // And the window is no longer offered to anyone else.
  const reference = /\/requests\/(WR-\d{6})/.exec(customer.url())![1]!;
  const job = await (await tech.request.get(`/api/service-requests/${reference}`)).json();
  expect(job.status).toBe('scheduled');
  const free = await (await phone.request.get(`/api/technicians/${id}/availability`)).json();
  expect(free.windows.map((w: { start: string }) => w.start)).not.toContain(job.window.start);

  // The customer moves the visit to another of Wendy's free windows; it stands until she accepts.
  await customer.getByRole('button', { name: 'Ask for a new time' }).click();
  const choices = customer.getByRole('region', { name: 'Ask for a new time' }).getByRole('button');
  await expect(choices.first()).toBeVisible();
  const chosen = (await choices.nth(1).textContent())!.trim();
  await choices.nth(1).click();
  await expect(customer.getByTestId('new-time')).toContainText(`move the visit to ${chosen}`);
  await expect(customer.getByTestId('arrival-window')).toHaveText(second.trim());
  const overflowAfter = await customer.evaluate(() => document.documentElement.scrollWidth);
  expect(overflowAfter).toBeLessThanOrEqual(360);

  await techPage.goto(`/my-jobs/${reference}`);
  const asked2 = techPage.getByRole('region', { name: 'New time asked for' });
  await expect(asked2.getByTestId('new-time')).toContainText(chosen);
  await asked2.getByRole('button', { name: 'Accept new time' }).click();
  await expect(asked2).toBeHidden();
  await customer.reload();
  await expect(customer.getByTestId('arrival-window')).toHaveText(chosen);
  await expect(customer.getByTestId('new-time')).toBeHidden();
  await phone.close();
});
