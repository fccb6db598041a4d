import { expect, scheduledJobThroughApi, test } from './fixtures';

// On the way, on the map (ADR 045): the technician taps On my way and shares their location;
// the customer's page shows when they arrive, from that position, and a small map.

test('the technician on the way shares their location; the customer follows them on a map', async ({
  page,
  signedInContext,
}) => {
  const stamp = Date.now();
  const tech = await signedInContext('technician');
  // A window days ahead of anything else this technician has (their own choice, ADR 043).
  const { created, move } = await scheduledJobThroughApi(
    page,
    tech,
    {
      customerName: 'Otto Waiting',
      email: `otto${stamp}@example.com`,
      phoneNumber: '301-555-0147',
      vehicleInfo: '2015 Honda Fit',
      issueDescription: `Battery dead in the driveway ${stamp}`,
    },
    43,
  );

  // On my way; then, on the job's page, the location about a mile and a half out.
  await move({ move: 'start_route' });
  await tech.grantPermissions(['geolocation']);
  await tech.setGeolocation({ latitude: 38.975, longitude: -76.9455 });
  const techPage = await tech.newPage();
  await techPage.goto(`/my-jobs/${created.reference}`);
  const sharing = techPage.getByRole('region', { name: 'Your location' });
  await sharing.getByRole('button', { name: 'Share my location' }).click();
  await expect(sharing.getByRole('status')).toContainText(/Shared/);
  await expect(sharing.getByRole('button', { name: 'Stop sharing' })).toBeVisible();

  // The customer, on a phone: when, from where, and the map.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(created.requestPath);
  const onTheWay = page.getByRole('region', { name: /is on the way$/ });
  await expect(onTheWay.getByTestId('arrival-eta')).toHaveText(/^Arriving in about \d+ minutes$/);
  await expect(onTheWay.getByTestId('arrival-basis')).toContainText('shared location');
  await expect(onTheWay.getByRole('img', { name: /last shared position/ })).toBeVisible();
  await expect(onTheWay.locator('.technician-marker')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(360);

  // Work starts: the position is forgotten, the map gone.
  await move({ move: 'start_work' });
  await page.reload();
  await expect(page.getByRole('region', { name: /is on the way$/ })).toBeHidden();
});
