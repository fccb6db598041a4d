import type { Page } from '@playwright/test';
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
  await page.goto('/');
  // The page's clock, once the page is live: ten seconds pass at once.
  await page.clock.install();
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

/** Answers the matching request (of `method`) with `status` and the server's `message`. */
async function refuse(page: Page, url: string, method: string, status: number, message: string) {
  let refusing = true;
  await page.route(url, (route) =>
    refusing && route.request().method() === method
      ? route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: status, error: 'Refused', message }),
        })
      : route.fallback(),
  );
  return () => {
    refusing = false;
  };
}

test('the point-of-sale quote form keeps the server refusal by Create Quote', async ({
  page,
  signIn,
}) => {
  const refused = 'Your Basic plan allows 20 quotes a month: upgrade to write more.';
  await signIn();
  const allow = await refuse(page, '**/api/quotes', 'POST', 403, refused);
  await page.goto('/pos-system');
  await page.getByLabel('Customer Name *').fill('Jamie Rivera');
  await page.getByLabel('Place of Work (ZIP code, town or address)').fill('Bowie, MD 20715');
  await expect(page.getByTestId('tax-jurisdiction')).toContainText('6% on parts');
  await page.getByRole('button', { name: 'Add Labor' }).click();
  await page.getByLabel('Labor description').fill('Brake inspection');
  await page.getByLabel('Rate per Hour').fill('80');
  const submit = page.getByRole('button', { name: 'Create Quote' });
  await submit.click();
  const inline = page.getByRole('tabpanel', { name: 'Create Quote' }).getByRole('alert');
  await expect(inline).toHaveText(refused);
  await expect(submit).toHaveAccessibleDescription(refused);
  // The toast says the spec's words, then the reason.
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Failed to create quote. Please try again.' }),
  ).toContainText(refused);
  // The form's own check is said there too, until the next attempt.
  await page.getByLabel('Customer Name *').fill('');
  await submit.click();
  await expect(inline).toHaveText(/customer name/i);
  await page.getByLabel('Customer Name *').fill('Jamie Rivera');
  allow();
  await submit.click();
  await expect(page.getByText('Quote Created')).toBeVisible();
  await expect(inline).toHaveCount(0);
});

test('Process Payment keeps the server refusal by its button', async ({ page, signIn }) => {
  const refused = 'Too many card payments from this account. Try again in 4 minutes.';
  await signIn();
  const allow = await refuse(page, '**/api/pos/card-payments', 'POST', 429, refused);
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Process Payment' }).click();
  await page.getByLabel('Amount ($)').fill('25');
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVV').fill('123');
  const submit = page.getByRole('button', { name: 'Process Payment $25.00' });
  await submit.click();
  const inline = page.getByRole('tabpanel', { name: 'Process Payment' }).getByRole('alert');
  await expect(inline).toHaveText(refused);
  await expect(submit).toHaveAccessibleDescription(refused);
  allow();
  await submit.click();
  await expect(page.getByText('Payment Successful')).toBeVisible();
  await expect(inline).toHaveCount(0);
});

test("a technician's reply to a review keeps the server refusal by Post reply", async ({
  page,
  signedInPage,
}) => {
  const refused = 'Too many replies in a short time. Try again in 3 minutes.';
  const res = await page.request.get('/api/technicians?name=Marcus&available=false');
  const [marcus] = (await res.json()) as { id: number }[];
  const tech = await signedInPage('technician');
  const allow = await refuse(tech, '**/api/reviews/*/reply', 'PUT', 429, refused);
  await tech.goto(`/technician/${marcus!.id}`);
  const first = tech.getByTestId('review').first();
  const form = first.getByRole('form', { name: 'Reply to review' });
  await first.getByRole('button', { name: /^(Reply|Edit reply)$/ }).click();
  await expect(form).toBeVisible();
  await form.getByLabel('Your public reply').fill(`Thanks for the kind words ${Date.now()}`);
  const submit = form.getByRole('button', { name: /Post reply|Update reply/ });
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText(refused);
  await expect(submit).toHaveAccessibleDescription(refused);
  // The field itself is fine: the refusal is not its error.
  await expect(form.getByLabel('Your public reply')).not.toHaveAttribute('aria-invalid', 'true');
  allow();
  await submit.click();
  await expect(first.getByText('Reply from Marcus')).toBeVisible();
});

test("an admin's approval keeps the server refusal in its dialog", async ({
  page,
  signedInPage,
}) => {
  const refused = 'This registration was already decided by another admin.';
  const username = `refused${Date.now()}`;
  const registered = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'a-strong-password' },
  });
  expect(registered.status()).toBe(201);
  const admin = await signedInPage('admin');
  const allow = await refuse(admin, '**/api/admin/users/*/approve', 'PATCH', 409, refused);
  await admin.goto('/admin-dashboard');
  await admin.getByRole('tab', { name: 'User Management' }).click();
  await admin.getByRole('button', { name: new RegExp(`Approve ${username}`, 'i') }).click();
  const dialog = admin.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Approve', exact: true });
  await confirm.click();
  // The dialog stays open with the server's reason by its button.
  await expect(dialog.getByRole('alert')).toHaveText(refused);
  await expect(confirm).toHaveAccessibleDescription(refused);
  allow();
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(
    admin.getByRole('button', { name: new RegExp(`Approve ${username}`, 'i') }),
  ).toHaveCount(0);
});
