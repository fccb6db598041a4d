import { expect, test } from './fixtures';

/** The technician subscribes their calendar app to their jobs, and can revoke the link. */
test("a technician's private calendar feed lists their windows in New York time, and a reset revokes the old link", async ({
  page,
  signIn,
}) => {
  await signIn('technician');
  await page.goto('/technician-profile');
  const card = page.getByRole('region', { name: 'Calendar feed' });
  const link = card.getByLabel('Feed link');
  await expect(link).toHaveValue(/^webcal:\/\/.+\/calendar\/\d+-[\w-]{43}\.ics$/);
  const url = await link.inputValue();
  await expect(card.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    url,
  );
  const path = new URL(url.replace(/^webcal:/, 'http:')).pathname;
  const feed = await page.request.get(path);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const body = await feed.text();
  expect(body).toContain('BEGIN:VCALENDAR');
  expect(body).toMatch(/SUMMARY:.+ · WR-\d{6}/);
  expect(body).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T\d{6}/);

  // Reset asks first; then the old link is dead and the new one works.
  await card.getByRole('button', { name: 'Reset link' }).click();
  await card.getByRole('button', { name: 'Yes, reset the link' }).click();
  await expect(page.getByText('Calendar link reset')).toBeVisible();
  await expect(link).not.toHaveValue(url);
  expect((await page.request.get(path)).status()).toBe(404);
  const fresh = new URL((await link.inputValue()).replace(/^webcal:/, 'http:')).pathname;
  expect((await page.request.get(fresh)).status()).toBe(200);
});
