import type { Locator, Page } from '@playwright/test';
import { expect, PDF, PNG, subscribeByCard, test } from './fixtures';

// The app on a small phone.
test.use({ viewport: { width: 360, height: 740 } });

const display = (l: Locator) => l.evaluate((el) => getComputedStyle(el).display);

/** Each row is a card: a block as wide as the table, its values on lines of their own. */
async function expectCards(page: Page, rows: Locator, label: string) {
  const row = rows.first();
  await expect(row).toBeVisible();
  expect(await display(row)).toBe('block');
  // The value carries its column's label (hidden from screen readers: they have the header).
  await expect(row.getByText(label, { exact: true })).toBeVisible();
  const rowBox = (await row.boundingBox())!;
  expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(360);
  // Nothing scrolls sideways.
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((e) => e.getBoundingClientRect().right > 361)
      .map((e) => `${e.tagName} ${e.className} ${e.textContent?.slice(0, 40)}`),
  );
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test('payment history is a list of cards on a phone and a table on a wide screen', async ({
  approvedTechnician,
}) => {
  const { context } = await approvedTechnician({ prefix: 'phonepay' });
  await subscribeByCard(context, 'Basic');
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/payment-history');
  const rows = page.getByTestId('payment-row');
  await expect(rows).toHaveCount(1);
  await expectCards(page, rows, 'Amount');
  await expect(rows.first()).toContainText('$2.99');
  // Each label stays one word on one line, however long the value beside it.
  const label = rows.first().getByText('Description', { exact: true });
  const box = (await label.boundingBox())!;
  const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect(box.height).toBeLessThan(lineHeight * 1.5);
  // 'Receipt' is a tap target of at least 24 px.
  const receipt = rows.first().getByRole('link', { name: 'Receipt' });
  if ((await receipt.count()) > 0) {
    const box = (await receipt.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(24);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await display(rows.first())).toBe('table-row');
  await expect(rows.first().getByText('Amount', { exact: true })).toBeHidden();
});

test("the admin's technicians table is cards on a phone, with the actions on each", async ({
  signedInPage,
}) => {
  const page = await signedInPage('admin');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin-dashboard');
  await page.getByRole('tab', { name: 'Technicians' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Technicians' });
  const rows = panel.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  await expectCards(page, rows, 'Location');
  await expect(
    panel.getByRole('cell', { name: /Marcus Johnson/ }).first(),
    'the table keeps its cell semantics on a phone',
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Payments' }).click();
  const payments = page.getByRole('tabpanel', { name: 'Payments' });
  // The plan payments' table (the revenue by month above it stays a table, scrolling sideways).
  const paymentRows = payments
    .getByRole('table', { name: 'Plan payments' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expectCards(page, paymentRows, 'Amount');
});

test('the chat button steps aside while a form field has focus', async ({ page }) => {
  await page.goto('/contact-us');
  const chat = page.getByRole('button', { name: 'Open chat helper' });
  await expect(chat).toBeVisible();
  await page.getByLabel('Name').first().focus();
  await expect(chat).toBeHidden();
  await page.getByLabel('Name').first().blur();
  await expect(chat).toBeVisible();
  // Focus on a button is not typing: the chat stays.
  await page.getByRole('button', { name: 'Send Message' }).focus();
  await expect(chat).toBeVisible();
});

test('phone numbers are tel: links and footer links are at least 24 px tall', async ({ page }) => {
  await page.goto('/contact-us');
  const support = page.locator('a[href^="tel:"]').first();
  await expect(support).toBeVisible();
  expect(await support.getAttribute('href')).toMatch(/^tel:\+?\d{10,}$/);

  const footer = page.getByRole('contentinfo');
  for (const name of ['FAQ', 'Terms of Service', 'Privacy Policy', 'Find Mechanics']) {
    const box = (await footer.getByRole('link', { name, exact: true }).boundingBox())!;
    expect(box.height, name).toBeGreaterThanOrEqual(24);
  }
});

test('a technician without a photo shows initials, not a placeholder image', async ({ page }) => {
  const list = (await (await page.request.get('/api/technicians?pageSize=50')).json()) as {
    id: number;
    profileImage: string | null;
    user: { firstName: string; lastName: string };
  }[];
  const noPhoto = list.find((t) => !t.profileImage);
  expect(noPhoto).toBeTruthy();
  const { firstName, lastName } = noPhoto!.user;
  await page.goto(`/technician/${noPhoto!.id}`);
  const avatar = page.getByRole('img', { name: `${firstName} ${lastName}` });
  await expect(avatar).toHaveText(`${firstName[0]}${lastName[0]}`.toUpperCase());
  await expect(page.getByRole('img', { name: 'No profile photo' })).toHaveCount(0);
});

test('borders use the theme colour, not black', async ({ page }) => {
  await page.goto('/faq');
  const item = page.locator('details').first();
  await expect(item).toBeVisible();
  const colour = await item.evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(colour).not.toBe('rgb(0, 0, 0)');
  expect(colour).toBe('rgb(226, 232, 240)');
  // A bare 'border' with no colour class (a table's row divider) takes it too.
  const bare = await page.evaluate(() => {
    const el = document.createElement('div');
    el.className = 'border-b';
    document.body.append(el);
    const c = getComputedStyle(el).borderBottomColor;
    el.remove();
    return c;
  });
  expect(bare).toBe('rgb(226, 232, 240)');
});

test('the profile form shows its errors under the fields, not in a toast', async ({
  signedInPage,
}) => {
  const page = await signedInPage('technician');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/technician-profile');
  const rate = page.getByLabel('Hourly Rate ($)');
  await rate.fill('5');
  await page.getByLabel('Years of Experience').fill('-1');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Hourly rate must be at least $10')).toBeVisible();
  await expect(page.getByText('Years of experience must be 0 or more')).toBeVisible();
  await expect(rate).toHaveAttribute('aria-invalid', 'true');
  await expect(rate).toHaveAccessibleDescription('Hourly rate must be at least $10');
  await expect(page.getByText('Update Failed')).toHaveCount(0);
  // Editing a field clears its message.
  await rate.fill('85');
  await expect(page.getByText('Hourly rate must be at least $10')).toHaveCount(0);
  await expect(page.getByText('Years of experience must be 0 or more')).toBeVisible();

  // A valid save: the toast does not cover the Save button.
  await page.reload();
  const save = page.getByRole('button', { name: 'Save Profile' });
  await save.click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Profile Updated' });
  await expect(toast).toBeVisible();
  const [t, s] = [(await toast.boundingBox())!, (await save.boundingBox())!];
  const overlap =
    t.x < s.x + s.width && s.x < t.x + t.width && t.y < s.y + s.height && s.y < t.y + t.height;
  expect(overlap).toBe(false);
});

test('a failed photo upload says why under the field', async ({ signedInPage }) => {
  const page = await signedInPage('technician');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/technician-profile');
  const photo = page.getByLabel('Profile Photo');

  await photo.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(
    page.getByText('Unsupported file type: choose a PNG, JPEG or WebP image'),
  ).toBeVisible();
  await expect(photo).toHaveAttribute('aria-invalid', 'true');

  await photo.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]),
  });
  await expect(page.getByText('File too large: the limit is 10 MB')).toBeVisible();

  // Bytes that are not the image they claim: the server's reason.
  await photo.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a png'),
  });
  const error = page.locator('#p-photo-error');
  await expect(error).toBeVisible();
  await expect(error).not.toHaveText(/Please try again/);
  await expect(page.getByText('Upload Failed')).toHaveCount(0);
});

test('the signature pad fills the width at 2:1 and ink lands under the pointer', async ({
  page,
  signIn,
}) => {
  await signIn();
  const customer = `Pad Customer ${Date.now()}`;
  const created = await page.request.post('/api/quotes', {
    data: {
      customerName: customer,
      items: [{ type: 'labor', description: 'Diagnostic', quantity: 1, unitPrice: 75 }],
      workLocation: 'Bowie, MD 20715',
    },
  });
  expect(created.status()).toBe(201);
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Manage Quotes' }).click();
  await page
    .getByTestId('quote')
    .filter({ hasText: customer })
    .getByRole('button', { name: 'Get Signature' })
    .click();
  const pad = page.getByLabel('Signature pad');
  const box = (await pad.boundingBox())!;
  const dialogBox = (await page.getByRole('dialog').boundingBox())!;
  // Fills the dialog's content width (the dialog's padding aside).
  expect(box.width).toBeGreaterThan(dialogBox.width - 60);
  expect(Math.abs(box.width / box.height - 2)).toBeLessThan(0.02);

  // A dot at 3/4 across and 1/4 down lands at the same place in the 400x200 bitmap.
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.25);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.75 + 2, box.y + box.height * 0.25 + 2);
  await page.mouse.up();
  const inked = await pad.evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d')!;
    const alpha = (x: number, y: number) => ctx.getImageData(x - 3, y - 3, 7, 7).data[3 + 4 * 24];
    return { at: alpha(301, 51), far: alpha(100, 150) };
  });
  expect(orZero(inked.at)).toBeGreaterThan(0);
  expect(orZero(inked.far)).toBe(0);
});

const orZero = (n: number | undefined) => n ?? 0;
