import type { Locator } from '@playwright/test';
import { expect, PNG, test, acceptThroughApi } from './fixtures';

/** The image was served and decoded (not a broken image). */
const loaded = async (img: Locator) =>
  expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);

test('a photo attached on the request form (its upload retried after a 503) reaches the technician who accepts', async ({
  page,
  signedInContext,
}) => {
  test.setTimeout(90_000);
  // The first upload meets a 503 and is retried; the second goes through.
  let uploads = 0;
  await page.route('**/api/request-photos', async (route) => {
    uploads += 1;
    if (uploads === 1)
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '1' },
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service unavailable' }),
      });
    else await route.continue();
  });

  await page.goto('/request-service?serviceType=Diagnostics&location=Hyattsville%2C+MD');
  await page.getByLabel('Full Name *').fill('Casey Photo');
  await page.getByLabel('Email *').fill(`casey.${Date.now()}@example.com`);
  await page.getByLabel('Vehicle Year *').fill('2017');
  await page.getByLabel('Vehicle Make *').fill('Subaru');
  await page.getByLabel('Vehicle Model *').fill('Outback');
  const problem = `Oil under the engine after parking ${Date.now()}`;
  await page.getByLabel('Problem Description *').fill(problem);

  await page.locator('#rs-photos').setInputFiles({
    name: 'leak.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByText('Retrying…')).toBeVisible();
  const thumbnail = page.getByRole('img', { name: 'Photo leak.png' });
  await expect(thumbnail).toBeVisible();
  expect(uploads).toBe(2);
  await expect(page.getByRole('button', { name: 'Remove photo leak.png' })).toBeVisible();

  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page).toHaveURL(/\/requests\/WR-\d{6}\?t=[\w-]+$/);
  const reference = /WR-\d{6}/.exec(page.url())![0];
  const customerPhoto = page.getByRole('img', { name: 'Photo 1 of the problem' });
  await expect(customerPhoto).toBeVisible();
  await loaded(customerPhoto);

  const requestId = Number(reference.slice(3));
  const tech = await signedInContext('technician');
  await acceptThroughApi(tech, requestId);
  const techPage = await tech.newPage();
  await techPage.goto(`/my-jobs/${reference}`);
  await expect(techPage.getByText(problem).first()).toBeVisible();
  const techPhoto = techPage.getByRole('img', { name: 'Photo 1 of the problem' });
  await expect(techPhoto).toBeVisible();
  await loaded(techPhoto);
});
