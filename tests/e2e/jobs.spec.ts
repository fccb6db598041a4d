import type { APIRequestContext } from '@playwright/test';
import { expect, test, acceptThroughApi, SIGNATURE } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

type Created = { id: number; reference: string; requestPath: string };
type Notification = { id: number; status: string; serviceRequest: { id: number } };

/** A guest's request in Hyattsville for Diagnostics (the demo technician's area and specialty). */
async function guestRequest(guest: APIRequestContext, problem: string): Promise<Created> {
  const res = await guest.post('/api/service-requests', {
    data: {
      customerName: 'Jordan Jobs',
      email: 'jordan.jobs@example.com',
      phoneNumber: '(301) 555-0142',
      vehicleInfo: '2015 Honda Accord',
      serviceType: 'Diagnostics',
      location: 'Hyattsville, MD',
      issueDescription: problem,
      urgency: 'medium',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Created;
}

/** Tomorrow in the browser's calendar, as a date input wants it. */
function tomorrow() {
  const d = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

test("a technician's job from accepted to completed, with a quote made from it in the point of sale", async ({
  browser,
  signedInContext,
}) => {
  test.setTimeout(90_000);
  const tech = await signedInContext('technician');
  const guest = await browser.newContext();
  const problem = `Rough idle and a rattle at startup ${Date.now()}`;
  const created = await guestRequest(guest.request, problem);
  const { reference } = created;
  await acceptThroughApi(tech, created.id);

  // Recently Accepted on the notifications page opens the job.
  const page = await tech.newPage();
  await page.goto('/technician-notifications');
  await page.getByRole('region', { name: 'Recently Accepted' }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/my-jobs/${reference}$`));

  // My Jobs: the job is active; past jobs have their own tab.
  await page.goto('/my-jobs');
  await expect(page.getByRole('heading', { name: 'My Jobs', level: 1 })).toBeVisible();
  await expect(page.getByText('Live updates on')).toBeVisible();
  const active = page.getByRole('list', { name: 'Active jobs' });
  await expect(active.getByRole('link', { name: `Diagnostics ${reference}` })).toBeVisible();
  await page.getByRole('tab', { name: /^Past/ }).click();
  // The demo data gives the demo technician past jobs (completed and canceled).
  await expect(
    page.getByRole('list', { name: 'Past jobs' }).getByRole('link').first(),
  ).toBeVisible();
  await page.getByRole('tab', { name: /^Active/ }).click();
  await active.getByRole('link', { name: `Diagnostics ${reference}` }).click();

  // The job: contact, directions, vehicle, problem.
  await expect(page.getByRole('heading', { name: 'Diagnostics', level: 1 })).toBeVisible();
  await expect(page.getByText('Jordan Jobs').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Call \(301\) 555-0142/ })).toHaveAttribute(
    'href',
    'tel:+13015550142',
  );
  await expect(page.getByRole('link', { name: 'Directions' })).toHaveAttribute('href', /^https:/);
  await expect(page.getByText('2015 Honda Accord').first()).toBeVisible();
  await expect(page.getByText(problem).first()).toBeVisible();

  // Write to the customer in the job's thread: an empty message is refused inline.
  await page.getByRole('link', { name: 'Message customer' }).click();
  const thread = page.getByRole('region', { name: 'Messages' });
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByText('Please write a message')).toBeVisible();
  await thread.getByLabel('Your message').fill('I will bring a code reader. See you tomorrow.');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(
    thread.getByRole('list', { name: 'Messages' }).getByText('I will bring a code reader.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(thread.getByLabel('Your message')).toHaveValue('');

  // Propose an arrival window; a window that ends before it starts is refused inline.
  const windowForm = page.getByRole('form', { name: 'Arrival window' });
  await windowForm.getByLabel('Date').fill(tomorrow());
  await windowForm.getByLabel('From').fill('11:00');
  await windowForm.getByLabel('To').fill('09:00');
  await windowForm.getByRole('button', { name: 'Propose window' }).click();
  await expect(windowForm.getByText('The window must end after it starts')).toBeVisible();
  await windowForm.getByLabel('From').fill('09:00');
  await windowForm.getByLabel('To').fill('11:00');
  await windowForm.getByRole('button', { name: 'Propose window' }).click();
  await expect(
    page.getByText('Waiting for the customer to confirm', { exact: true }),
  ).toBeVisible();

  // The customer confirms through their signed link; the job page follows live.
  const token = new URL(created.requestPath, 'http://x').searchParams.get('t');
  const confirmed = await guest.request.post(
    `/api/service-requests/${reference}/moves?t=${encodeURIComponent(token ?? '')}`,
    { data: { move: 'confirm_window' } },
  );
  expect(confirmed.status()).toBe(200);
  await expect(page.getByText('Confirmed by the customer', { exact: true })).toBeVisible({
    timeout: 3000,
  });

  // Tomorrow's window: 'On my way' today asks first, naming the window.
  await page.getByRole('button', { name: 'On my way' }).click();
  const early = page.getByRole('alertdialog');
  await expect(early).toContainText(/Your arrival window is .+ 9:00–11:00 AM E[SD]T\./);
  await early.getByRole('button', { name: 'Not yet' }).click();
  await expect(early).toBeHidden();
  await expect(page.getByText('En route', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'On my way' }).click();
  await early.getByRole('button', { name: "Yes, I'm on my way now" }).click();
  await expect(page.getByText('En route', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Start work' }).click();
  await expect(page.getByText('In progress', { exact: true })).toBeVisible();

  // Create quote: the point of sale starts from the job.
  await page.getByRole('link', { name: 'Create quote' }).click();
  await expect(page).toHaveURL(new RegExp(`/pos-system\\?job=${reference}$`));
  await expect(page.getByText(`Quote for job ${reference}`)).toBeVisible();
  await expect(page.getByLabel('Customer Name *')).toHaveValue('Jordan Jobs');
  await expect(page.getByLabel('Customer Email')).toHaveValue('jordan.jobs@example.com');
  await expect(page.getByLabel('Customer Phone')).toHaveValue('(301) 555-0142');
  await expect(page.getByLabel('Year')).toHaveValue('2015');
  await expect(page.getByLabel('Make')).toHaveValue('Honda');
  await expect(page.getByLabel('Model')).toHaveValue('Accord');
  await expect(page.getByLabel('Notes')).toHaveValue(new RegExp(problem));
  await page.getByRole('button', { name: 'Add Labor' }).click();
  await page.getByLabel('Labor description').fill('Idle diagnosis');
  await page.getByLabel('Rate per Hour').fill('120');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(page.getByText('Quote Created')).toBeVisible();
  const quote = page.getByTestId('quote').filter({ hasText: `Job ${reference}` });
  await expect(quote).toBeVisible();
  const quoteNumber = (await quote.locator('p').first().innerText()).split(' ')[0]!;

  // Back on the job, the quote is listed.
  await page.getByRole('link', { name: 'Back to job' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-jobs/${reference}$`));
  await expect(page.getByRole('region', { name: 'Quotes' }).getByText(quoteNumber)).toBeVisible();

  // Mark completed, confirmed in a dialog; the job moves to Past.
  await page.getByRole('button', { name: 'Mark completed' }).click();
  const done = page.getByRole('dialog', { name: 'Mark this job completed?' });
  await done.getByRole('button', { name: 'Mark completed' }).click();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark completed' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Create quote' })).toBeHidden();

  await page.goto('/my-jobs');
  await page.getByRole('tab', { name: /^Past/ }).click();
  await expect(
    page.getByRole('list', { name: 'Past jobs' }).getByRole('link', {
      name: `Diagnostics ${reference}`,
    }),
  ).toBeVisible();
  await guest.close();
});

test("paying a job's invoice in full in the point of sale asks to mark the job completed", async ({
  browser,
  signedInContext,
}) => {
  test.setTimeout(60_000);
  const tech = await signedInContext('technician');
  const guest = await browser.newContext();
  const created = await guestRequest(guest.request, `Brakes squeal ${Date.now()}`);
  const { reference } = created;
  await acceptThroughApi(tech, created.id);

  // Through the API: window proposed and confirmed, on the way, work started.
  const move = (ctx: APIRequestContext, data: object, query = '') =>
    ctx.post(`/api/service-requests/${reference}/moves${query}`, { data });
  const start = new Date(Date.now() + 86_400_000);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  expect(
    (
      await move(tech.request, {
        move: 'propose_window',
        windowStart: start.toISOString(),
        windowEnd: end.toISOString(),
      })
    ).status(),
  ).toBe(200);
  const t = new URL(created.requestPath, 'http://x').searchParams.get('t') ?? '';
  expect(
    (await move(guest.request, { move: 'confirm_window' }, `?t=${encodeURIComponent(t)}`)).status(),
  ).toBe(200);
  expect((await move(tech.request, { move: 'start_route' })).status()).toBe(200);
  expect((await move(tech.request, { move: 'start_work' })).status()).toBe(200);

  // The job's quote, signed and invoiced.
  const quote = await tech.request.post('/api/quotes', {
    data: {
      serviceRequestId: created.id,
      customerName: 'Jordan Jobs',
      items: [{ type: 'labor', description: 'Brake inspection', quantity: 1, unitPrice: 80 }],
    },
  });
  expect(quote.status()).toBe(201);
  const { id: quoteId } = (await quote.json()) as { id: number };
  await tech.request.patch(`/api/quotes/${quoteId}/approve`, {
    data: { signature: SIGNATURE, version: 1 },
  });
  const invoice = await tech.request.post('/api/invoices', { data: { quoteId } });
  expect(invoice.status()).toBe(201);
  const { invoiceNumber } = (await invoice.json()) as { invoiceNumber: string };

  const page = await tech.newPage();
  await page.goto(`/pos-system?job=${reference}`);
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const card = page.getByTestId('invoice').filter({ hasText: invoiceNumber });
  await expect(card).toContainText(`Job ${reference}`);
  await card.getByRole('button', { name: 'Take Payment' }).click();
  await page.getByLabel('Payment Method').selectOption('cash');
  await page.getByRole('button', { name: /Process Payment/ }).click();
  await expect(page.getByText('Payment Recorded')).toBeVisible();

  const prompt = page.getByRole('dialog', { name: 'Mark job completed?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Mark completed' }).click();
  await expect(page.getByText('Job completed', { exact: true })).toBeVisible();
  await expect(prompt).toBeHidden();
  const job = await tech.request.get(`/api/service-requests/${reference}`);
  expect(((await job.json()) as { status: string }).status).toBe('completed');
  await guest.close();
});

test('a technician gives a job back with a reason, after confirming; it leaves their jobs', async ({
  browser,
  signedInContext,
}) => {
  const tech = await signedInContext('technician');
  const guest = await browser.newContext();
  const created = await guestRequest(guest.request, `Battery keeps dying ${Date.now()}`);
  const { reference } = created;
  await acceptThroughApi(tech, created.id);

  const page = await tech.newPage();
  await page.goto(`/my-jobs/${reference}`);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this job?' });
  await dialog.getByRole('button', { name: 'Cancel job' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByLabel('Reason *').fill('My van broke down');
  await dialog.getByRole('button', { name: 'Cancel job' }).click();
  await expect(page.getByText('Job canceled', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/my-jobs$/);
  await expect(page.getByRole('link', { name: `Diagnostics ${reference}` })).toBeHidden();

  // Back in dispatch, no longer this technician's: the job page says so.
  await page.goto(`/my-jobs/${reference}`);
  await expect(page.getByText('This job was not found, or it is no longer yours.')).toBeVisible();

  // The guest's page shows dispatch running again, reaching other technicians, never this one.
  const guestPage = await guest.newPage();
  await guestPage.goto(created.requestPath);
  await expect(guestPage.getByTestId('request-status')).toHaveText('Finding a technician');
  await expect(guestPage.getByText('Round 1 of 3')).toBeVisible();
  await expect(guestPage.getByTestId('notified-now')).toHaveText(
    /^[1-9]\d* technicians? notified$/,
  );
  const me = (await (await tech.request.get('/api/auth/current-user')).json()) as {
    technicianId: number;
  };
  const mine = (await (
    await tech.request.get(`/api/job-notifications/technician/${me.technicianId}`)
  ).json()) as Notification[];
  expect(mine.filter((n) => n.serviceRequest.id === created.id).map((n) => n.status)).toEqual([
    'withdrawn',
  ]);
  await guest.close();
});
