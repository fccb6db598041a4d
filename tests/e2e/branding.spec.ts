import type { BrowserContext } from '@playwright/test';
import { expect, PNG, test } from './fixtures';

// 'Custom branding' and 'API access' on the Professional plan, as a technician sets
// them up and as their customer sees them.

/** Puts a new technician (`context`, signed in, no plan) on a plan by card, through the API. */
async function subscribe(context: BrowserContext, planName: string, planPrice: number) {
  const tok = await context.request.post('/api/payments/sandbox/tokenize', {
    data: { number: '4111 1111 1111 1111', expiry: '12/34', cvv: '123' },
  });
  const sub = await context.request.post('/api/square/create-subscription', {
    data: {
      sourceId: ((await tok.json()) as { token: string }).token,
      planName,
      planPrice,
      cardholderName: 'Dana Brand',
      idempotencyKey: `e2e-brand-${planName}-${Date.now()}`,
    },
  });
  expect(sub.status()).toBe(200);
}

test("a Professional technician's branding appears on the customer's signature page", async ({
  approvedTechnician,
  browser,
  mailbox,
}) => {
  const { context } = await approvedTechnician({ prefix: 'brand' });
  await subscribe(context, 'Professional', 6.99);
  const page = await context.newPage();
  await page.goto('/technician-profile');
  const card = page.getByRole('region', { name: 'Branding' });
  await card.getByLabel('Business name').fill('Capital Brake Co');
  await card.getByLabel('Accent colour', { exact: true }).fill('#FACC15');
  await card.getByLabel('Footer text').fill('Licensed in MD, DC and VA.');
  // The logo is drawn again on a canvas in the browser, then uploaded and saved.
  await card
    .getByLabel('Logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Logo Updated')).toBeVisible();
  await card.getByRole('button', { name: 'Save Branding' }).click();
  await expect(page.getByText('Branding Saved')).toBeVisible();

  const customer = `Branded Customer ${Date.now()}`;
  const created = await context.request.post('/api/quotes', {
    data: {
      customerName: customer,
      items: [{ type: 'labor', description: 'Brake inspection', quantity: 1, unitPrice: 60 }],
      workLocation: 'Bowie, MD 20715',
    },
  });
  expect(created.status()).toBe(201);
  const email = `branded${Date.now()}@example.com`;
  const sent = await context.request.post('/api/pos/email-quote', {
    data: { quoteId: ((await created.json()) as { id: number }).id, customerEmail: email },
  });
  expect(sent.status()).toBe(200);
  const mail = (await mailbox()).find((m) => m.to === email)!;
  expect(mail.subject).toContain('from Capital Brake Co');
  const link = /\/quote-approval\/[\w-]+/.exec(mail.text)![0];

  // The customer's own phone, not signed in.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  const header = phone.getByTestId('brand-header');
  await expect(header).toContainText('Capital Brake Co');
  await expect(header).toHaveCSS('background-color', 'rgb(250, 204, 21)');
  // Yellow is light: the text on it is black (WCAG AA).
  await expect(header).toHaveCSS('color', 'rgb(0, 0, 0)');
  const logo = header.getByRole('img', { name: 'Capital Brake Co logo' });
  await expect(logo).toBeVisible();
  // Visible is not yet loaded: the image's pixels arrive a moment later.
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(phone.getByTestId('brand-footer')).toHaveText('Licensed in MD, DC and VA.');
  await expect(phone.getByText('Your Quote')).toBeVisible();
  await phoneContext.close();
});

test('without the Professional plan the cards say what they add and link to the plans', async ({
  approvedTechnician,
}) => {
  const { context } = await approvedTechnician({ prefix: 'nobrand' });
  const page = await context.newPage();
  await page.goto('/technician-profile');
  const branding = page.getByRole('region', { name: 'Branding' });
  await expect(branding).toContainText('Custom branding is part of the Professional plan');
  await expect(branding.getByRole('link', { name: 'Upgrade to Professional' })).toHaveAttribute(
    'href',
    '/subscription-plans',
  );
  const api = page.getByRole('region', { name: 'API access' });
  await expect(api).toContainText('API access is part of the Professional plan');
  await expect(api.getByRole('button', { name: 'Create Token' })).toHaveCount(0);
});

test('creating an API token shows it once; revoking it removes it and it stops working', async ({
  approvedTechnician,
  playwright,
  baseURL,
}) => {
  const { context } = await approvedTechnician({ prefix: 'apitok' });
  await subscribe(context, 'Professional', 6.99);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.goto('/technician-profile');
  const card = page.getByRole('region', { name: 'API access' });
  await card.getByLabel('Token name').fill('Bookkeeping');
  await card.getByRole('button', { name: 'Create Token' }).click();

  const field = card.getByLabel('New API token');
  await expect(field).toHaveValue(/^wr_[\w-]{43}$/);
  const token = await field.inputValue();
  await card.getByRole('button', { name: 'Copy' }).click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  // A client with no cookies at all, only the token.
  const client = await playwright.request.newContext({ baseURL });
  const auth = { authorization: `Bearer ${token}` };
  expect((await client.get('/api/v1/jobs', { headers: auth })).status()).toBe(200);

  await card.getByRole('button', { name: 'Done' }).click();
  await expect(field).toHaveCount(0);
  await page.reload();
  const row = card.getByTestId('api-token').filter({ hasText: 'Bookkeeping' });
  await expect(row).toContainText(`${token.slice(0, 10)}…`);
  // Shown once: never again, not even after a reload.
  expect(await page.content()).not.toContain(token);

  await row.getByRole('button', { name: 'Revoke Bookkeeping' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke “Bookkeeping”?' });
  await dialog.getByRole('button', { name: 'Revoke Token' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('api-token')).toHaveCount(0);
  await expect(card.getByText('No API tokens yet.')).toBeVisible();
  const refused = await client.get('/api/v1/jobs', { headers: auth });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'This API token has been revoked',
  );
  await client.dispose();
});
