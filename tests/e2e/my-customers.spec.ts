import { acceptThroughApi, expect, guestRequestThroughApi, test } from './fixtures';

// A technician's customers, built from their jobs: found by search on a phone, opened with
// their history, and a private note kept.

test('a technician finds a customer of theirs on a phone, opens their jobs and keeps a note', async ({
  page,
  signedInContext,
}) => {
  const stamp = Date.now();
  const name = `Cora Customer ${stamp}`;
  const created = await guestRequestThroughApi(page.request, {
    customerName: name,
    email: `cora${stamp}@example.com`,
    phoneNumber: '301-555-0148',
    vehicleInfo: '2018 Subaru Outback',
    issueDescription: `Rattle from the exhaust ${stamp}`,
  });
  const tech = await signedInContext('technician');
  await acceptThroughApi(tech, created.id);

  const phone = await tech.newPage();
  await phone.setViewportSize({ width: 360, height: 740 });
  await phone.goto('/my-jobs');
  await phone.getByRole('link', { name: 'My Customers' }).click();
  await expect(phone).toHaveURL(/\/my-customers$/);
  const search = phone.getByLabel('Search customers');
  await search.fill(name);
  await search.press('Enter');
  const list = phone.getByRole('list', { name: 'Customers' });
  await expect(list.getByText(name, { exact: true })).toBeVisible();
  await expect(list).toContainText(`cora${stamp}@example.com`);
  await list.getByRole('button', { name: `Open ${name}` }).click();

  const detail = phone.getByRole('region', { name });
  await expect(detail.getByRole('link', { name: created.reference })).toBeVisible();
  const notes = detail.getByLabel('Your notes (only you see them)');
  await notes.fill('Side gate; the dog is friendly');
  await detail.getByRole('button', { name: 'Save notes' }).click();
  await expect(phone.getByText('Notes saved')).toBeVisible();
  await phone.reload();
  await expect(phone.getByLabel('Your notes (only you see them)')).toHaveValue(
    'Side gate; the dog is friendly',
  );
  // Book again: the customer gets a link to request the service, to this technician first.
  await phone.getByLabel('Book again').selectOption('Diagnostics');
  await phone.getByRole('button', { name: 'Send a booking link' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Sent to' })).toHaveText(
    `Sent to cora${stamp}@example.com.`,
  );
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(360);
  await phone.getByRole('button', { name: 'Back to the list' }).click();
  await expect(phone.getByRole('list', { name: 'Customers' })).toBeVisible();
});
