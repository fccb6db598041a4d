import { expect, PNG, test } from './fixtures';
import type { Page } from '@playwright/test';

// Finding a mechanic by ZIP or address, 'Use my location', sort, distances and the map (ADR 018).

/** Hyattsville's centre: the demo technicians are all within ~40 miles. */
const HYATTSVILLE = { latitude: 38.9559, longitude: -76.9455 };

const cards = (page: Page) => page.getByTestId('technician-card');
const numbers = async (page: Page, pattern: RegExp) =>
  (await cards(page).allInnerTexts()).map((t) => Number(pattern.exec(t)?.[1]));
/**
 * Featured listings come first in the distance (within 5-mile bands) and rating orders
 * (ADR 014): each of the featured and the other cards is in order on its own.
 */
async function expectOrdered(page: Page, pattern: RegExp, dir: 1 | -1) {
  // Read again until the list has settled: a new order replaces the cards as it arrives.
  await expect(async () => {
    const texts = await cards(page).allInnerTexts();
    for (const featured of [true, false]) {
      const values = texts
        .filter((t) => /\bFeatured\b/.test(t) === featured)
        .map((t) => Number(pattern.exec(t)?.[1]));
      expect(values.every((v) => Number.isFinite(v))).toBe(true);
      expect(values).toEqual([...values].sort((a, b) => dir * (a - b)));
    }
  }).toPass({ timeout: 10_000 });
}

test('search by ZIP code from the list: distances on every card, nearest first', async ({
  page,
}) => {
  await page.goto('/technicians');
  await expect(page.getByText(/Showing \d+ of \d+ technicians/)).toBeVisible();
  // No place: no distance anywhere, and distance is not offered as an order.
  await expect(page.getByText(/miles away/)).toHaveCount(0);
  // The default order is named for what it is: featured listings lead it.
  await expect(page.getByLabel('Sort by').locator('option')).toHaveText([
    'Recommended',
    'Rating',
    'Price (low to high)',
    'Experience',
  ]);
  await expect(page.getByLabel('Sort by')).toHaveValue('recommended');
  // Rating can be chosen without a place, and is then strictly best first.
  await page.getByLabel('Sort by').selectOption('rating');
  await expect(page).toHaveURL(/\/technicians\?sort=rating$/);
  await expectOrdered(page, /\n(\d\.\d)\n\(\d+ reviews\)/, -1);
  await page.getByLabel('Sort by').selectOption('recommended');
  await expect(page).toHaveURL(/\/technicians$/);

  const field = page.getByLabel('Location', { exact: true });
  await field.fill('20781');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/technicians\?zip=20781$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('recommended');
  // The previous page stays until the new one has loaded.
  await expect(page.getByTestId('technician-distance').first()).toBeVisible();
  const count = await cards(page).count();
  await expect(page.getByTestId('technician-distance')).toHaveCount(count);
  await expectOrdered(page, /(\d+\.\d) miles away/, 1);

  // An address holding its ZIP code goes in `near`.
  await field.fill('4200 Queens Chapel Rd, Hyattsville, MD 20781');
  await page.getByRole('button', { name: 'Search location' }).click();
  await expect(page).toHaveURL(/near=4200\+Queens/);
  await expect(page.getByTestId('technician-distance')).toHaveCount(count);
});

test('the home quick search and the find dialog take a ZIP code', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Location', { exact: true }).fill('20785');
  await page.getByRole('button', { name: 'Find Mechanics' }).click();
  await expect(page).toHaveURL(/\/technicians\?zip=20785&maxDistance=25$/);
  await expect(page.getByText(/miles away/).first()).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: 'Find a Technician' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find a Technician' });
  await dialog.getByRole('button', { name: 'Search by Distance' }).click();
  await dialog.getByLabel('Your Location').fill('Laurel, MD 20707');
  await dialog.getByLabel('Distance').selectOption('10');
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/near=Laurel%2C\+MD\+20707&maxDistance=10/);
  await expect(page.getByText(/miles away/).first()).toBeVisible();
});

test("an unknown ZIP shows the server's message inline; every list error has Try again", async ({
  page,
}) => {
  await page.goto('/technicians?zip=99999');
  const alert = page.getByRole('alert').filter({ hasText: 'Unknown ZIP code: 99999' });
  await expect(alert).toBeVisible();
  await expect(page.getByText('We could not load technicians')).toHaveCount(0);
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();

  // A failure the server did not explain: the generic message; Try again refetches. The first
  // page comes rendered by the server (ADR 021): the failing requests are the browser's own, on
  // moving between screens.
  let fail = true;
  await page.route('**/api/technicians?*', (route) =>
    fail ? route.fulfill({ status: 503, body: '' }) : route.fallback(),
  );
  await page.goto('/how-it-works');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Find Mechanics' })
    .click();
  const failed = page.getByRole('alert').filter({ hasText: 'We could not load technicians' });
  await expect(failed).toBeVisible();
  fail = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText(/Showing \d+ of \d+ technicians/)).toBeVisible();

  // The home page's featured mechanics too.
  fail = true;
  await page.getByRole('link', { name: 'Wrenchly' }).first().click();
  const featured = page
    .getByRole('alert')
    .filter({ hasText: 'We could not load the featured mechanics.' });
  await expect(featured).toBeVisible();
  fail = false;
  await featured.getByRole('button', { name: 'Try again' }).click();
  await expect(featured).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Featured Mechanics' }).getByTestId('technician-card').first(),
  ).toBeVisible();
});

test('Use my location fills the nearest ZIP code and searches; denied shows a message', async ({
  browser,
  baseURL,
}) => {
  const allowed = await browser.newContext({ baseURL });
  await allowed.grantPermissions(['geolocation']);
  await allowed.setGeolocation(HYATTSVILLE);
  const page = await allowed.newPage();
  await page.goto('/technicians');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page).toHaveURL(/\/technicians\?zip=207\d\d$/);
  const zip = new URL(page.url()).searchParams.get('zip')!;
  await expect(page.getByLabel('Location', { exact: true })).toHaveValue(zip);
  await expect(page.getByText(/miles away/).first()).toBeVisible();
  await allowed.close();

  const denied = await browser.newContext({ baseURL });
  await denied.clearPermissions();
  const other = await denied.newPage();
  await other.goto('/');
  await other.getByRole('button', { name: 'Use my location' }).click();
  await expect(other.getByRole('alert')).toHaveText(
    'Location access was denied. Enter your ZIP code instead.',
  );
  await expect(other).toHaveURL(/\/$/);
  await denied.close();
});

test('sort by rating, price and experience changes the order and stays in the URL', async ({
  page,
}) => {
  await page.goto('/technicians?zip=20781&maxDistance=50');
  await expect(cards(page).first()).toBeVisible();
  const byDistance = await cards(page).locator('h3').allInnerTexts();

  await page.getByLabel('Sort by').selectOption('rating');
  await expect(page).toHaveURL(/zip=20781&maxDistance=50&sort=rating/);
  await expect(cards(page).locator('h3')).not.toHaveText(byDistance);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectOrdered(page, /\n(\d\.\d)\n\(\d+ reviews\)/, -1);
  // Still the distance on every card.
  await expect(page.getByTestId('technician-distance')).toHaveCount(await cards(page).count());

  await page.getByLabel('Sort by').selectOption('price');
  await expect(page).toHaveURL(/sort=price/);
  // Strict order, lowest first (the page has loaded when it holds).
  await expect
    .poll(async () => {
      const rates = await numbers(page, /\$(\d+)\/hour/);
      return rates.every((r, i) => i === 0 || rates[i - 1]! <= r);
    })
    .toBe(true);

  // A reload keeps the order.
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('price');

  // Experience: most years first, and the cards say how many.
  await page.getByLabel('Sort by').selectOption('experience');
  await expect(page).toHaveURL(/sort=experience/);
  await expect
    .poll(async () => {
      const years = await cards(page).getByTestId('technician-experience').allInnerTexts();
      const n = years.map((y) => Number(/^(\d+) years? experience$/.exec(y)?.[1]));
      return n.length > 1 && n.every((y, i) => Number.isFinite(y) && (i === 0 || n[i - 1]! >= y));
    })
    .toBe(true);
});

test("a later page says which technicians it shows, not '1 of 13'", async ({ page }) => {
  await page.goto('/technicians');
  const heading = page.getByText(/^Showing \d+ of \d+ technicians$/);
  await expect(heading).toBeVisible();
  const [, first, total] = /Showing (\d+) of (\d+)/.exec((await heading.innerText())!)!.map(Number);
  test.skip(total! <= first!, 'the demo data fits on one page');
  await page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('button', { name: 'Next' })
    .click();
  const from = first! + 1;
  const to = Math.min(total!, first! * 2);
  await expect(
    page.getByText(`Showing ${from === to ? from : `${from}–${to}`} of ${total} technicians`),
  ).toBeVisible();
});

test('the map view shows a marker per technician with a link to the profile', async ({ page }) => {
  const tiles: string[] = [];
  await page.route('https://tile.openstreetmap.org/**', (route) => {
    tiles.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
  });
  await page.goto('/technicians?zip=20781');
  await expect(cards(page).first()).toBeVisible();
  // The list is the default and needs no map code.
  await expect(page.getByTestId('technician-map')).toHaveCount(0);
  const count = await cards(page).count();

  await page.getByRole('button', { name: 'Map' }).click();
  await expect(page).toHaveURL(/view=map/);
  await expect(page.getByTestId('technician-map')).toBeVisible();
  await expect(page.locator('.technician-marker')).toHaveCount(count);
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  await expect(page.getByText('© OpenStreetMap contributors')).toBeVisible();

  const first = (await cards(page).first().locator('h3').innerText()).trim();
  await page.getByRole('button', { name: first, exact: true }).click();
  await page.locator('.leaflet-popup').getByRole('link', { name: first }).click();
  await expect(page.getByRole('heading', { name: first, level: 1 })).toBeVisible();

  await page.goBack();
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByTestId('technician-map')).toHaveCount(0);
  await expect(page).not.toHaveURL(/view=map/);
});

test('the request form takes a ZIP code or an address for the location', async ({ page }) => {
  await page.goto('/request-service?serviceType=Diagnostics&zip=20814');
  await expect(page.getByLabel('Location *')).toHaveValue('20814');
  await page.getByLabel('Location *').fill('');
  await page.getByLabel('Full Name *').fill('Riley Bethesda');
  await page.getByLabel('Email *').fill('riley@example.com');
  await page.getByLabel('Vehicle Year *').fill('2017');
  await page.getByLabel('Vehicle Make *').fill('Subaru');
  await page.getByLabel('Vehicle Model *').fill('Outback');
  await page.getByLabel('Problem Description *').fill('Check engine light is on.');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByLabel('Location *')).toHaveAccessibleDescription(
    'Please enter your ZIP code, address or town',
  );
  await page.getByLabel('Location *').fill('1 Unknown Way, Nowhere 99999');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByLabel('Location *')).toHaveAccessibleDescription(
    'Unknown ZIP code: 99999',
  );
  await page.getByLabel('Location *').fill('7 Elm St, Bethesda, MD 20814');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Service request submitted!')).toBeVisible();
  await expect(page).toHaveURL(/\/requests\/WR-\d{6}\?t=[\w-]+$/);
  await expect(page.getByText('7 Elm St, Bethesda, MD 20814')).toBeVisible();
});
