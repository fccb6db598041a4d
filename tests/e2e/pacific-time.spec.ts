import type { BrowserContext, Page } from '@playwright/test';
import { acceptThroughApi, expect, signOnPad, test } from './fixtures';

/**
 * The whole customer path in browsers set to Pacific time (the customer's and the
 * technician's): every time of day either screen shows is on the service area's clock and says
 * so (EST or EDT), never a Pacific time and never a time without its zone.
 */
test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'America/Los_Angeles' });

/** Every time of day on the page ('9:00 AM', '9:00–11:00 AM') carries the New York zone. */
async function everyTimeZoned(page: Page, where: string) {
  const text = await page.locator('body').innerText();
  const times = [
    ...text.matchAll(/\b\d{1,2}:\d{2}(?:\s?[AP]M)?(?:\s?[–-]\s?\d{1,2}:\d{2})?\s?[AP]M\b(.{0,5})/g),
  ];
  for (const [time, after] of times)
    expect(after, `${where}: "${time}" has no zone`).toMatch(/^\s?E[SD]T\b/);
  expect(text, `${where}: a Pacific time`).not.toMatch(/\bP[SD]T\b/);
  return times.length;
}

/** Tomorrow on the New York calendar, as the date input wants it. */
const tomorrowInNewYork = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(Date.now() + 86_400_000),
  );

async function move(tech: BrowserContext, reference: string, data: Record<string, unknown>) {
  const res = await tech.request.post(`/api/service-requests/${reference}/moves`, { data });
  expect(res.status(), await res.text()).toBe(200);
}

test('a customer on Pacific time follows the whole job and reads every time in New York time', async ({
  page,
  signedInContext,
  mailbox,
}) => {
  test.setTimeout(120_000);
  // The request, through the form.
  await page.goto('/request-service');
  const problem = `Shudders at highway speed ${Date.now()}`;
  const email = `pat.pacific${Date.now()}@example.com`;
  await page.getByLabel('Full Name *').fill('Pat Pacific');
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Service Type *').selectOption('Diagnostics');
  await page.getByLabel('Vehicle Year *').fill('2017');
  await page.getByLabel('Vehicle Make *').fill('Subaru');
  await page.getByLabel('Vehicle Model *').fill('Outback');
  await page.getByLabel('Problem Description *').fill(problem);
  await page.getByLabel('Location *').fill('Hyattsville, MD');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page).toHaveURL(/\/requests\/WR-\d{6}\?t=/);
  const reference = /WR-\d{6}/.exec(page.url())![0];
  const id = Number(reference.slice(3));
  await expect(page.getByTestId('request-status')).toBeVisible();
  await everyTimeZoned(page, 'submitted');

  // Accepted; the technician, on Pacific time too, proposes 9:00 to 11:00 New York time.
  const tech = await signedInContext('technician');
  await acceptThroughApi(tech, id);
  const techPage = await tech.newPage();
  await techPage.goto(`/my-jobs/${reference}`);
  const windowForm = techPage.getByRole('form', { name: 'Arrival window' });
  await windowForm.getByLabel('Date').fill(tomorrowInNewYork());
  await windowForm.getByLabel('From').fill('09:00');
  await windowForm.getByLabel('To').fill('11:00');
  await windowForm.getByRole('button', { name: 'Propose window' }).click();
  await expect(techPage.getByText(/9:00–11:00 AM E[SD]T/).first()).toBeVisible();
  await everyTimeZoned(techPage, "the technician's job");

  // The customer confirms it on the page.
  await expect(page.getByTestId('arrival-window')).toHaveText(/9:00–11:00 AM E[SD]T$/);
  expect(await everyTimeZoned(page, 'window proposed')).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Confirm window' }).click();
  await expect(page.getByTestId('request-status')).toHaveText('Scheduled');
  await everyTimeZoned(page, 'scheduled');

  // The technician published a Diagnostics starting price; the quote will come out above it.
  const published = await tech.request.patch('/api/technicians/me', {
    data: {
      startingPrices: [
        {
          serviceType: 'Diagnostics',
          description: 'Diagnostic visit',
          from: 45,
          partsExtra: false,
        },
      ],
    },
  });
  expect(published.status(), await published.text()).toBe(200);

  // On the way, at work; a quote to sign.
  await move(tech, reference, { move: 'start_route' });
  await move(tech, reference, { move: 'start_work' });
  const quote = await tech.request.post('/api/quotes', {
    data: {
      customerName: 'Pat Pacific',
      serviceRequestId: id,
      items: [{ type: 'labor', description: 'Wheel balance', quantity: 1, unitPrice: 60 }],
    },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const quoteId = ((await quote.json()) as { id: number }).id;
  const sent = await tech.request.post(`/api/pos/quotes/${quoteId}/send`, {
    data: { customerEmail: email },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const card = page.getByRole('article', { name: /^Quote Q-/ });
  await expect(card.getByText('Wheel balance')).toBeVisible({ timeout: 5000 });
  // Above the published starting price: by how much, and where the reason is.
  await expect(card.getByTestId('above-starting-price')).toHaveText(
    /^\$15\.00 above .+'s starting price for Diagnostic visit \(from \$45\)\. The lines above say what it covers\.$/,
  );
  await card.getByRole('button', { name: 'Review and sign' }).click();
  await signOnPad(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Approve and sign' }).click();
  await expect(card.getByText(/^Signed (?!by )/)).toBeVisible();
  await everyTimeZoned(page, 'quote signed');

  // The invoice, paid by card.
  const invoice = await tech.request.post('/api/invoices', { data: { quoteId } });
  expect(invoice.status(), await invoice.text()).toBe(201);
  const pay = page.getByRole('button', { name: 'Pay $60.00 by card' });
  await expect(pay).toBeVisible({ timeout: 5000 });
  await pay.click();
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Pay $60.00', exact: true }).click();
  await expect(page.getByText(/^Paid \$60\.00\. Receipt R-/)).toBeVisible();
  await everyTimeZoned(page, 'paid');

  // Completed: the page, the timeline and the review, through the e-mailed link.
  await move(tech, reference, { move: 'complete' });
  await expect(page.getByTestId('request-status')).toHaveText('Completed', { timeout: 5000 });
  let review = '';
  await expect(async () => {
    const done = (await mailbox()).find(
      (m) => m.template === 'job_completed' && m.text.includes(reference),
    );
    review = /\/requests\/WR-\d{6}\?t=[\w-]{43}#review/.exec(done?.text ?? '')?.[0] ?? '';
    expect(review).not.toBe('');
  }).toPass({ timeout: 10_000 });
  await page.goto(review);
  await expect(page.getByRole('button', { name: 'Submit review' })).toBeVisible();
  expect(await everyTimeZoned(page, 'completed')).toBeGreaterThan(0);

  // The technician's screens of the finished job, on Pacific time as well.
  await techPage.goto(`/my-jobs/${reference}`);
  await expect(techPage.getByText('Completed', { exact: true }).first()).toBeVisible();
  await everyTimeZoned(techPage, "the technician's finished job");
  await techPage.goto('/my-jobs?tab=past');
  await expect(techPage.getByRole('list', { name: 'Past jobs' })).toBeVisible();
  await everyTimeZoned(techPage, 'My Jobs');
  // The demo technician's profile as it was.
  await tech.request.patch('/api/technicians/me', { data: { startingPrices: [] } });
});
