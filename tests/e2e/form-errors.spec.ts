import { expect, test } from './fixtures';

/**
 * A form's failure that is not one field's (a rate limit, wrong credentials) is the server's own
 * message, inline by the submit button, until the next attempt: a toast vanishes unread.
 */
const LIMITED = 'Too many service requests from this network. Try again in 52 minutes.';

test('the request form keeps a 429 message by Submit Request until the next attempt', async ({
  page,
}) => {
  let limited = true;
  await page.route('**/api/service-requests', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    if (!limited) return route.fallback();
    await route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'retry-after': '3120' },
      body: JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: LIMITED }),
    });
  });
  // The page's clock: ten seconds pass at once, long enough for any toast to have gone.
  await page.clock.install();
  await page.goto('/request-service?serviceType=Brake+Service&location=Bowie%2C+MD');
  await page.getByLabel('Full Name *').fill('Jamie Rivera');
  await page.getByLabel('Email *').fill(`limited.${Date.now()}@example.com`);
  await page.getByLabel('Vehicle Year *').fill('2019');
  await page.getByLabel('Vehicle Make *').fill('Subaru');
  await page.getByLabel('Vehicle Model *').fill('Outback');
  await page.getByLabel('Problem Description *').fill('Grinding noise when braking.');
  const submit = page.getByRole('button', { name: 'Submit Request' });
  await submit.click();

  const inline = page.locator('form').getByRole('alert');
  await expect(inline).toHaveText(LIMITED);
  await expect(submit).toHaveAccessibleDescription(LIMITED);
  // Still there once any toast is long gone.
  await page.clock.fastForward(10_000);
  await expect(inline).toHaveText(LIMITED);

  // The next attempt clears it (and this one goes through).
  limited = false;
  await submit.click();
  await expect(inline).toHaveCount(0);
  await expect(page).toHaveURL(/\/requests\/WR-\d{6}\?t=[\w-]+$/);
});

test('the sign-in form keeps the wrong-password message by Sign In until the next attempt', async ({
  page,
  signInThroughDialog,
}) => {
  await page.clock.install();
  await page.goto('/');
  const dialog = await signInThroughDialog('admin', 'not-the-password');
  const inline = dialog.getByRole('alert');
  await expect(inline).toHaveText('Invalid username or password');
  const submit = dialog.getByRole('button', { name: 'Sign In' });
  await expect(submit).toHaveAccessibleDescription('Invalid username or password');
  await page.clock.fastForward(10_000);
  await expect(inline).toHaveText('Invalid username or password');

  // The next attempt clears it while it is on its way.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/auth/signin', async (route) => {
    await held;
    await route.fallback();
  });
  await submit.click();
  await expect(inline).toHaveCount(0);
  release();
  await expect(inline).toHaveText('Invalid username or password');
});

test('the contact form keeps the server refusal by Send Message', async ({ page }) => {
  const refused = 'Too many messages from this network. Please try again in 12 minutes.';
  await page.route('**/api/contact', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: refused }),
        })
      : route.fallback(),
  );
  await page.goto('/contact-us');
  await page.getByLabel('Name').fill('Jamie Rivera');
  await page.getByLabel('Email').fill('jamie@example.com');
  await page.getByLabel('Subject').fill('About my brakes');
  await page.getByLabel('Message').fill('Can someone look at my brakes this week?');
  const submit = page.getByRole('button', { name: 'Send Message' });
  await submit.click();
  await expect(page.locator('form').getByRole('alert')).toHaveText(refused);
  await expect(submit).toHaveAccessibleDescription(refused);
});
