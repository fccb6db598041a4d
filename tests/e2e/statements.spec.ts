import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('the demo technician reads the payments statement on a phone and downloads it as CSV', async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Statements' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Statements' });
  await expect(panel.getByRole('heading', { name: 'Payments statement' })).toBeVisible();

  // The last 12 months, with the demo's year of payments and a totals row.
  const table = panel.getByRole('table', { name: /Payments statement/ });
  await expect(table.getByRole('columnheader', { name: 'Card & PayPal volume' })).toBeVisible();
  const months = table.locator('tbody tr');
  await expect(months).toHaveCount(12);
  const total = table.getByRole('row', { name: /^Total/ });
  await expect(total).toContainText(/\$[\d,]+\.\d\d/);

  // The table scrolls inside its box; the page itself never scrolls sideways.
  const box = panel.getByRole('region', { name: /Statement table/ });
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A narrower range: three months.
  const from = panel.getByLabel('From month');
  const to = panel.getByLabel('To month');
  const toMonth = await to.inputValue();
  const [y, m] = toMonth.split('-').map(Number) as [number, number];
  const fromIndex = y * 12 + m - 1 - 2;
  const fromMonth = `${Math.floor(fromIndex / 12)}-${String((fromIndex % 12) + 1).padStart(2, '0')}`;
  await from.fill(fromMonth);
  await expect(months).toHaveCount(3);

  const link = panel.getByRole('link', { name: 'Download CSV' });
  const href = await link.getAttribute('href');
  expect(href).toBe(`/api/pos/statements.csv?from=${fromMonth}&to=${toMonth}`);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`wrenchly-statement-${fromMonth}-to-${toMonth}.csv`);
  const lines = readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toMatch(/^Month,Card & PayPal payments,Card & PayPal volume,/);
  expect(lines.slice(1).map((l) => l.split(',')[0])).toHaveLength(3);
  // The same link as a request: a CSV, as an attachment.
  const res = await page.request.get(href!);
  expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers()['content-disposition']).toContain('attachment');
});

test.describe('laptop width', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the statement fits a 1366 px screen without scrolling sideways', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto('/pos-system');
    await page.getByRole('tab', { name: 'Statements' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Statements' });
    const box = panel.getByRole('region', { name: /Statement table/ });
    await expect(box.getByRole('table')).toBeVisible();
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});

test("the statement's accounting export downloads a month for QuickBooks or Xero", async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Statements' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Statements' });
  const box = panel.getByRole('region', { name: 'For your accounting app' });
  const month = await box.getByLabel('Month').inputValue();
  const quickbooks = box.getByRole('link', { name: 'QuickBooks CSV' });
  await expect(quickbooks).toHaveAttribute(
    'href',
    `/api/pos/accounting-export.csv?month=${month}&format=quickbooks`,
  );
  const qb = await page.request.get((await quickbooks.getAttribute('href'))!);
  expect(qb.status()).toBe(200);
  const [header, ...rows] = (await qb.text()).trim().split('\r\n');
  expect(header).toBe('Date,Description,Amount');
  for (const row of rows) expect(row).toMatch(/^\d{2}\/\d{2}\/\d{4},.+,-?\d+\.\d{2}$/);
  const xero = await page.request.get(
    (await box.getByRole('link', { name: 'Xero CSV' }).getAttribute('href'))!,
  );
  expect((await xero.text()).split('\r\n')[0]).toBe(
    '*Date,*Amount,Payee,Description,Reference,Check Number',
  );
});
