import { acceptThroughApi, expect, guestRequestThroughApi, test } from './fixtures';

// On the way, on the map (ADR 045): the technician taps On my way and shares their location;
// the customer's page shows when they arrive, from that position, and a small map.

test('the technician on the way shares their location; the customer follows them on a map', async ({
  page,
  signedInContext,
}) => {
  const stamp = Date.now();
  const created = await guestRequestThroughApi(page.request, {
    customerName: 'Otto Waiting',
    email: `otto${stamp}@example.com`,
    phoneNumber: '301-555-0147',
    vehicleInfo: '2015 Honda Fit',
    issueDescription: `Battery dead in the driveway ${stamp}`,
  });
  const tech = await signedInContext('technician');
  await acceptThroughApi(tech, created.id);
  const move = async (data: Record<string, unknown>, asGuest = false) => {
    const url = `/api/service-requests/${created.reference}/moves`;
    const res = asGuest
      ? await page.request.post(`${url}?${created.requestPath.split('?')[1]}`, { data })
      : await tech.request.post(url, { data });
    expect(res.status(), await res.text()).toBe(200);
  };
  // A window days ahead of anything else this technician has (their own choice, ADR 043).
  const start = new Date(Date.now() + 43 * 86_400_000);
  await move({
    move: 'propose_window',
    windowStart: start.toISOString(),
    windowEnd: new Date(start.getTime() + 2 * 3600_000).toISOString(),
  });
  await move({ move: 'confirm_window' }, true);

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
