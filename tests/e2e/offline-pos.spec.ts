import type { APIRequestContext, Page } from '@playwright/test';
import { expect, pendingNotification, signOnPad, test } from './fixtures';

// The service worker is what this spec is about (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
// Offline use depends on the service worker, IndexedDB and timing: a failure keeps its trace (the
// DOM at each step and the console), without screenshots, which would slow every journey here.
test.use({ trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true } });

// The offline point of sale (ADR 013). Most tests load the screens online, then go offline; one
// opens them with no connection at all (the service worker serves the app, the device the data).

test.use({ viewport: { width: 390, height: 844 } });

/** Opens a screen through the header's menu (client-side: no page load, so it works offline). */
async function openFromMenu(page: Page, name: RegExp) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name }).click();
}

async function technicianId(request: APIRequestContext) {
  const me = await request.get('/api/auth/current-user');
  return ((await me.json()) as { technicianId: number }).technicianId;
}

type Listed = { customerName: string; [k: string]: unknown };
async function listed(request: APIRequestContext, what: string, tech: number) {
  const res = await request.get(`/api/${what}/technician/${tech}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Listed[];
}

const badge = (page: Page) => page.getByRole('region', { name: 'Changes on this device' });

test('offline, a quote, its signature, its invoice and a cash payment wait on the device, then sync once each', async ({
  page,
  context,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn();
  const tech = await technicianId(page.request);
  const customer = `Offline Olive ${Date.now()}`;

  // Online first: the point of sale, then My Jobs and back (their code and data load).
  await page.goto('/pos-system');
  await expect(page.getByRole('heading', { name: 'Point of Sale System' })).toBeVisible();
  await openFromMenu(page, /^My Jobs/);
  await expect(
    page.getByRole('list', { name: 'Active jobs' }).or(page.getByText('No active jobs')),
  ).toBeVisible();
  await openFromMenu(page, /^POS/);
  await expect(page.getByRole('heading', { name: 'Point of Sale System' })).toBeVisible();

  // Where the work will be, looked up while online: its rates are kept for the road.
  await page.getByLabel('Place of Work (ZIP code, town or address)').fill('Bowie, MD 20715');
  await expect(page.getByTestId('tax-jurisdiction')).toHaveText(
    'Maryland: 6% on parts; labor is not taxed',
  );
  await context.setOffline(true);
  await expect(page.getByText(/^offline, last synced \d{2}:\d{2}$/)).toBeVisible();

  // The quote: made on the device, without a number.
  await page.getByLabel('Customer Name *').fill(customer);
  await page.getByLabel('Make').fill('Honda');
  await page.getByRole('button', { name: 'Add Labor' }).click();
  await page.getByLabel('Labor description').fill('Alternator replacement');
  await page.getByLabel('Labor Hours').fill('2');
  await page.getByLabel('Rate per Hour').fill('90');
  await page.getByRole('button', { name: 'Add Part' }).click();
  await page.getByLabel('Part description').fill('Alternator');
  await page.getByLabel('Unit Price').fill('189.99');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(page.getByText('Saved on this device')).toBeVisible();
  await expect(badge(page).getByText('1 change waiting to sync', { exact: true })).toBeVisible();
  const quote = page.getByTestId('quote').filter({ hasText: customer });
  await expect(quote.getByText('Number assigned when synced')).toBeVisible();
  await expect(quote.getByText('Waiting to sync')).toBeVisible();
  await expect(quote).toContainText('$381.39');

  // The customer signs on the technician's screen.
  await quote.getByRole('button', { name: 'Get Signature' }).click();
  await signOnPad(page);
  await page.getByRole('button', { name: 'Approve Quote' }).click();
  await expect(quote.getByText('approved')).toBeVisible();
  await expect(badge(page).getByText('2 changes waiting to sync', { exact: true })).toBeVisible();

  // The invoice, from the signed quote.
  await quote.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByRole('tab', { name: 'Invoices' })).toHaveAttribute('data-state', 'active');
  const invoice = page.getByTestId('invoice').filter({ hasText: customer });
  await expect(invoice).toContainText('Total $381.39');
  await expect(invoice.getByText('Number assigned when synced')).toBeVisible();
  await invoice.getByRole('button', { name: 'Take Payment' }).click();

  // A card needs a connection; cash does not.
  await expect(page.getByLabel('Amount ($)')).toHaveValue('381.39');
  await expect(page.getByText('Card payments need a connection')).toBeVisible();
  const pay = page.getByRole('button', { name: /Process Payment/ });
  await expect(pay).toBeDisabled();
  await page.getByLabel('Payment Method').selectOption('cash');
  await expect(page.getByText('Card payments need a connection')).toBeHidden();
  await pay.click();
  await expect(page.getByText('Saved on this device')).toBeVisible();
  const receipt = page.getByTestId('receipt').filter({ hasText: customer });
  await expect(receipt).toContainText('$381.39 · Cash');
  await expect(receipt.getByText('Waiting to sync')).toBeVisible();
  await expect(badge(page).getByText('4 changes waiting to sync', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '4 changes waiting to sync' })).toBeVisible();
  // The header's count fits a phone's width.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);

  // My Jobs reads offline too.
  await openFromMenu(page, /^My Jobs/);
  await expect(page.getByRole('heading', { name: 'My Jobs', level: 1 })).toBeVisible();
  await expect(page.getByText(/^offline, last synced \d{2}:\d{2}$/)).toBeVisible();
  await openFromMenu(page, /^POS/);

  // Nothing reached the server yet.
  const quotesBefore = await listed(page.request, 'quotes', tech);
  expect(quotesBefore.filter((q) => q.customerName === customer)).toHaveLength(0);

  // Back online: the queue syncs in order and empties.
  await context.setOffline(false);
  await expect(badge(page)).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: /waiting to sync/ })).toHaveCount(0);
  await expect(page.getByText(/^offline, last synced/)).toBeHidden();

  // Exactly one of each on the server, numbered by the server.
  const year = new Date().getFullYear();
  const quotes = (await listed(page.request, 'quotes', tech)).filter(
    (q) => q.customerName === customer,
  );
  expect(quotes).toHaveLength(1);
  expect(quotes[0]).toMatchObject({
    quoteNumber: expect.stringMatching(new RegExp(`^Q-${year}-\\d{6,}$`)),
    status: 'approved',
    totalAmount: '381.39',
  });
  const invoices = (await listed(page.request, 'invoices', tech)).filter(
    (i) => i.customerName === customer,
  );
  expect(invoices).toHaveLength(1);
  expect(invoices[0]).toMatchObject({
    quoteId: quotes[0]!.id,
    invoiceNumber: expect.stringMatching(new RegExp(`^INV-${year}-\\d{6,}$`)),
    status: 'paid',
    paidAmount: '381.39',
  });
  const payments = (await listed(page.request, 'pos/payments', tech)).filter(
    (p) => p.invoiceId === invoices[0]!.id,
  );
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({
    method: 'cash',
    amount: '381.39',
    receiptNumber: expect.stringMatching(new RegExp(`^R-${year}-\\d{6,}$`)),
  });

  // The screen shows the server's numbers; so does a reload.
  await page.getByRole('tab', { name: 'Receipts' }).click();
  await expect(receipt).toContainText(payments[0]!.receiptNumber as string);
  await expect(receipt.getByText('Waiting to sync')).toHaveCount(0);
  await page.reload();
  await page.getByRole('tab', { name: 'Manage Quotes' }).click();
  await expect(quote).toContainText(quotes[0]!.quoteNumber as string);
  await expect(quote.getByText('Waiting to sync')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(invoice).toContainText(invoices[0]!.invoiceNumber as string);
  await expect(invoice.getByText('Paid', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Receipts' }).click();
  await expect(receipt).toContainText(payments[0]!.receiptNumber as string);
});

test('a quote for a job canceled while it waited is refused: the change shows why and can be discarded', async ({
  page,
  context,
  browser,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn();
  const tech = await technicianId(page.request);
  const guest = await browser.newContext();
  const created = await guest.request.post('/api/service-requests', {
    data: {
      customerName: 'Casey Cancel',
      email: 'casey.cancel@example.com',
      phoneNumber: '(301) 555-0199',
      vehicleInfo: '2012 Ford Focus',
      serviceType: 'Diagnostics',
      location: 'Hyattsville, MD',
      issueDescription: `Stalls at lights ${Date.now()}`,
      urgency: 'medium',
    },
  });
  expect(created.status()).toBe(201);
  const { id, reference, requestPath } = (await created.json()) as {
    id: number;
    reference: string;
    requestPath: string;
  };
  const notification = await pendingNotification(page.request, tech, id);
  expect(
    (await page.request.patch(`/api/job-notifications/${notification.id}/accept`)).status(),
  ).toBe(200);

  // The quote starts from the job, online; it is written and signed offline.
  await page.goto(`/pos-system?job=${reference}`);
  await expect(page.getByLabel('Customer Name *')).toHaveValue('Casey Cancel');
  // The job's place's rates are looked up before the road.
  await expect(page.getByTestId('tax-jurisdiction')).toContainText('6% on parts');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add Labor' }).click();
  await page.getByLabel('Labor description').fill('Diagnose stalling');
  await page.getByLabel('Rate per Hour').fill('120');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(page.getByText('Saved on this device')).toBeVisible();
  const quote = page.getByTestId('quote').filter({ hasText: `Job ${reference}` });
  await quote.getByRole('button', { name: 'Get Signature' }).click();
  await signOnPad(page);
  await page.getByRole('button', { name: 'Approve Quote' }).click();
  await expect(badge(page).getByText('2 changes waiting to sync', { exact: true })).toBeVisible();

  // Meanwhile the customer cancels the job.
  const token = new URL(requestPath, 'http://x').searchParams.get('t') ?? '';
  const canceled = await guest.request.post(
    `/api/service-requests/${reference}/moves?t=${encodeURIComponent(token)}`,
    { data: { move: 'cancel' } },
  );
  expect(canceled.status()).toBe(200);
  await guest.close();

  await context.setOffline(false);
  const refused = page.getByRole('list', { name: 'Changes not synced' });
  await expect(page.getByText('2 changes could not be synced')).toBeVisible({ timeout: 15_000 });
  const create = refused.getByRole('listitem').filter({ hasText: 'New quote for Casey Cancel' });
  await expect(create).toContainText('This job is not one of your active jobs');
  await expect(
    refused.getByRole('listitem').filter({ hasText: "Customer's signature" }),
  ).toContainText('Depends on a change that could not be synced');
  await expect(quote.getByText('Not synced')).toBeVisible();
  await expect(quote).toContainText('This job is not one of your active jobs');
  await expect(badge(page).getByText(/waiting to sync/)).toHaveCount(0);

  // Discarding it discards the signature that depends on it; the server never had either.
  await create.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText('2 changes discarded')).toBeVisible();
  await expect(badge(page)).toBeHidden();
  await expect(quote).toHaveCount(0);
  const quotes = await listed(page.request, 'quotes', tech);
  expect(quotes.filter((q) => q.jobReference === reference)).toHaveLength(0);
});

test('a signature taken offline on a version edited meanwhile is refused on sync (ADR 026)', async ({
  page,
  context,
  browser,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn();
  const tech = await technicianId(page.request);
  const customer = `Vera Offline ${Date.now()}`;
  const body = (unitPrice: number) => ({
    customerName: customer,
    items: [{ type: 'labor', description: 'Diagnostic', quantity: 1, unitPrice }],
    workLocation: 'Bowie, MD 20715',
  });
  const created = await page.request.post('/api/quotes', { data: body(100) });
  expect(created.status()).toBe(201);
  const quoteId = ((await created.json()) as { id: number }).id;
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Manage Quotes' }).click();
  const quote = page.getByTestId('quote').filter({ hasText: customer });
  await expect(quote.getByText('Version 1', { exact: true })).toBeVisible();

  // The customer signs version 1 on the device, offline.
  await context.setOffline(true);
  await quote.getByRole('button', { name: 'Get Signature' }).click();
  await signOnPad(page);
  await page.getByRole('button', { name: 'Approve Quote' }).click();
  await expect(badge(page).getByText('1 change waiting to sync', { exact: true })).toBeVisible();

  // Meanwhile the quote is changed from another device.
  const other = await browser.newContext({ storageState: await context.storageState() });
  const edited = await other.request.put(`/api/quotes/${quoteId}`, { data: body(9000) });
  expect(edited.status()).toBe(200);
  expect(((await edited.json()) as { version: number }).version).toBe(2);
  await other.close();

  await context.setOffline(false);
  const refused = page.getByRole('list', { name: 'Changes not synced' });
  await expect(page.getByText('1 change could not be synced')).toBeVisible({ timeout: 15_000 });
  await expect(
    refused.getByRole('listitem').filter({ hasText: "Customer's signature" }),
  ).toContainText('This quote changed since you opened it. Review the new version and sign again.');
  const onServer = (await listed(page.request, 'quotes', tech)).find((q) => q.id === quoteId);
  expect(onServer).toMatchObject({ status: 'draft', version: 2, signatureAudit: null });
});

/** What the app keeps in IndexedDB for offline reading, as text ('' before anything is kept). */
const keptOnDevice = (page: Page) =>
  page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('wrenchly-query-cache')) return '';
    return new Promise<string>((resolve) => {
      const open = indexedDB.open('wrenchly-query-cache');
      open.onerror = () => resolve('');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('queries')) return resolve('');
        const all = db.transaction('queries').objectStore('queries').getAll();
        all.onsuccess = () => resolve(JSON.stringify(all.result));
        all.onerror = () => resolve('');
      };
    });
  });

test('with no connection at all, the installed app opens the point of sale and My Jobs with what was last synced', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn();
  const customer = `Kept Kim ${Date.now()}`;
  const created = await page.request.post('/api/quotes', {
    data: {
      customerName: customer,
      items: [{ type: 'labor', description: 'Battery test', quantity: 1, unitPrice: 40 }],
      workLocation: 'Bowie, MD 20715',
    },
  });
  expect(created.status()).toBe(201);
  await page.goto('/my-jobs');
  await expect(page.getByRole('tab', { name: /^Active/ })).toBeVisible();
  await expect.poll(() => keptOnDevice(page)).toContain('"queryKey":["jobs","list",');
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Manage Quotes' }).click();
  await expect(page.getByTestId('quote').filter({ hasText: customer })).toBeVisible();
  await expect.poll(() => keptOnDevice(page)).toContain(customer);
  // The first install precaches the whole app: on a busy machine (CI runs three journeys and
  // the API suite side by side on two cores) that takes a while.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 75_000,
  });

  // No network at all: the service worker serves the app, the device who is signed in and
  // what was last synced; nothing reaches the server.
  await page.context().setOffline(true);
  try {
    for (const path of ['/pos-system', '/my-jobs']) {
      await page.goto('about:blank');
      await page.goto(path);
      await expect(page.getByText(/^offline, last synced \d{2}:\d{2}$/)).toBeVisible();
    }
    await expect(page.getByRole('tab', { name: /^Active/ })).toBeVisible();
    await expect(page.getByText('Failed to load your jobs. Please try again.')).toBeHidden();
    await page.goto('/pos-system');
    await page.getByRole('tab', { name: 'Manage Quotes' }).click();
    await expect(page.getByTestId('quote').filter({ hasText: customer })).toBeVisible();
  } finally {
    await page.context().setOffline(false);
  }
});

test('a draft quote is edited offline and the edit syncs; a signed quote has no Edit', async ({
  page,
  context,
  signIn,
}) => {
  await signIn();
  const customer = `Edit Eddie ${Date.now()}`;
  const created = await page.request.post('/api/quotes', {
    data: {
      customerName: customer,
      items: [{ type: 'labor', description: 'Brake check', quantity: 1, unitPrice: 50 }],
      // In Maryland: labor is not taxed.
      workLocation: 'Bowie, MD 20715',
    },
  });
  expect(created.status()).toBe(201);
  const { id, quoteNumber } = (await created.json()) as { id: number; quoteNumber: string };
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Manage Quotes' }).click();
  const quote = page.getByTestId('quote').filter({ hasText: quoteNumber });
  await expect(quote).toContainText('$50.00');

  await context.setOffline(true);
  await quote.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByText(`Editing quote ${quoteNumber} for ${customer}`)).toBeVisible();
  await expect(page.getByLabel('Labor description')).toHaveValue('Brake check');
  await page.getByRole('button', { name: 'Add Part' }).click();
  await page.getByLabel('Part description').fill('Brake pads');
  await page.getByLabel('Unit Price').fill('35.5');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Saved on this device')).toBeVisible();
  // The quote's Maryland rates, kept with it: 6% on the part ($2.13), labor untaxed.
  await expect(quote).toContainText('$87.63');
  await expect(quote.getByText('Waiting to sync')).toBeVisible();

  await context.setOffline(false);
  await expect(badge(page)).toBeHidden({ timeout: 15_000 });
  await expect(quote.getByText('Waiting to sync')).toHaveCount(0);
  const me = await page.request.get('/api/auth/current-user');
  const { technicianId } = (await me.json()) as { technicianId: number };
  const stored = (await listed(page.request, 'quotes', technicianId)).find((q) => q.id === id);
  expect(stored).toMatchObject({ totalAmount: '87.63', partsTotal: '35.50', status: 'draft' });

  await quote.getByRole('button', { name: 'Get Signature' }).click();
  await signOnPad(page);
  await page.getByRole('button', { name: 'Approve Quote' }).click();
  await expect(page.getByText('Quote Approved')).toBeVisible();
  await expect(quote.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});
