import type { APIRequestContext, BrowserContext } from '@playwright/test';
import {
  acceptThroughApi,
  expect,
  guestRequestThroughApi,
  signOnPad,
  test,
  type CreatedRequest,
} from './fixtures';

/** The customer's journeys on the request page, on a phone. */
test.use({ viewport: { width: 390, height: 844 } });

/** A guest's request the demo technician (Hyattsville, Diagnostics) is offered in round 1. */
async function guestRequest(request: APIRequestContext, problem: string) {
  const created = await guestRequestThroughApi(request, {
    customerName: 'Gina Guest',
    email: `gina${Date.now()}@example.com`,
    phoneNumber: '301-555-0142',
    vehicleInfo: '2016 Honda Civic',
    issueDescription: problem,
  });
  expect(created.reference).toMatch(/^WR-\d{6}$/);
  expect(created.requestPath).toMatch(new RegExp(`^/requests/${created.reference}\\?t=`));
  return created;
}

async function move(tech: BrowserContext, reference: string, data: Record<string, unknown>) {
  const res = await tech.request.post(`/api/service-requests/${reference}/moves`, { data });
  expect(res.status(), await res.text()).toBe(200);
}

test('a guest follows dispatch live: accepted, window confirmed, technician on the way', async ({
  page,
  signedInContext,
}) => {
  const problem = `Engine stalls at lights ${Date.now()}`;
  const created = await guestRequest(page.request, problem);
  await page.goto(created.requestPath);

  await expect(
    page.getByRole('heading', { level: 1, name: `Request ${created.reference}` }),
  ).toBeVisible();
  await expect(page.getByTestId('request-status')).toHaveText('Finding a technician');
  await expect(page.getByText('Round 1 of 3')).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Time left in this round' })).toHaveText(
    /^[0-5]:\d\d$/,
  );
  await expect(page.getByTestId('notified-now')).toHaveText(/^[1-9]\d* technicians? notified$/);
  await expect(page.getByText('Live updates on')).toBeVisible();
  await expect(page.getByText('Request submitted')).toBeVisible();

  // A technician accepts in another browser: the guest's page shows them without a reload.
  const tech = await signedInContext('technician');
  await acceptThroughApi(tech, created.id);
  const card = page.getByTestId('assigned-technician');
  await expect(card).toBeVisible({ timeout: 2000 });
  await expect(page.getByTestId('request-status')).toHaveText('Accepted');
  await expect(card.getByRole('link').first()).toHaveAttribute('href', /^\/technician\/\d+$/);
  await expect(card.getByText(/\(\d+ reviews\)/)).toBeVisible();
  await expect(page.getByText('Round 1 of 3')).toBeHidden();

  // The technician proposes an arrival window; the guest confirms it on the page.
  const start = new Date(Date.now() + 3 * 3600_000);
  start.setMinutes(0, 0, 0);
  const end = new Date(start.getTime() + 2 * 3600_000);
  await move(tech, created.reference, {
    move: 'propose_window',
    windowStart: start.toISOString(),
    windowEnd: end.toISOString(),
  });
  const confirm = page.getByRole('button', { name: 'Confirm window' });
  await expect(confirm).toBeVisible({ timeout: 2000 });
  await expect(page.getByRole('button', { name: 'Decline window' })).toBeVisible();
  await confirm.click();
  await expect(page.getByTestId('request-status')).toHaveText('Scheduled');
  await expect(page.getByText(/^Confirmed /)).toBeVisible();
  await expect(confirm).toBeHidden();

  // On the way: the page follows by itself.
  await move(tech, created.reference, { move: 'start_route' });
  await expect(page.getByTestId('request-status')).toHaveText('En route', { timeout: 2000 });
  await expect(page.getByTestId('status-banner')).toContainText('is on the way');
  await expect(page.getByText('Technician on the way')).toBeVisible();
  // Once the technician is on the way, the customer can still cancel (before work starts).
  await expect(page.getByRole('button', { name: 'Cancel request' })).toBeVisible();
});

test('a guest signs the quote, pays the invoice by card and reviews the completed job', async ({
  page,
  signedInContext,
  mailbox,
}) => {
  const created = await guestRequest(page.request, `Rough idle when cold ${Date.now()}`);
  const tech = await signedInContext('technician');
  await acceptThroughApi(tech, created.id);
  const start = new Date(Date.now() + 2 * 3600_000);
  await move(tech, created.reference, {
    move: 'propose_window',
    windowStart: start.toISOString(),
    windowEnd: new Date(start.getTime() + 3600_000).toISOString(),
  });
  const asGuest = (path: string) => `${path}?${created.requestPath.split('?')[1]}`;
  const confirmed = await page.request.post(
    asGuest(`/api/service-requests/${created.reference}/moves`),
    { data: { move: 'confirm_window' } },
  );
  expect(confirmed.status()).toBe(200);
  await move(tech, created.reference, { move: 'start_route' });
  await move(tech, created.reference, { move: 'start_work' });
  await page.goto(created.requestPath);
  await expect(page.getByTestId('request-status')).toHaveText('In progress');
  await expect(page.getByTestId('status-banner')).toContainText('is working on your vehicle');

  // The technician writes a quote for the job at the point of sale: it appears live.
  const quoteRes = await tech.request.post('/api/quotes', {
    data: {
      customerName: 'Gina Guest',
      serviceRequestId: created.id,
      items: [
        { type: 'labor', description: 'Idle air control service', quantity: 1, unitPrice: 75 },
      ],
    },
  });
  expect(quoteRes.status(), await quoteRes.text()).toBe(201);
  const quote = (await quoteRes.json()) as { id: number; serviceRequestId: number | null };
  expect(quote.serviceRequestId).toBe(created.id);
  // A draft is the technician's; 'Send to customer' puts it on the request page.
  const sent = await tech.request.post(`/api/pos/quotes/${quote.id}/send`, {
    data: { customerEmail: 'gina.guest@example.com' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const quoteCard = page.getByRole('article', { name: /^Quote Q-/ });
  await expect(quoteCard.getByText('Idle air control service')).toBeVisible({ timeout: 2000 });
  // Hyattsville, Maryland: labor is not taxed, the total is the line's.
  await expect(quoteCard.getByText('$75.00').last()).toBeVisible();
  await quoteCard.getByRole('button', { name: 'Review and sign' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Approve and sign' })).toBeDisabled();
  await signOnPad(page);
  await dialog.getByRole('button', { name: 'Approve and sign' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    quoteCard.getByRole('status').filter({ hasText: 'You approved and signed' }),
  ).toBeInViewport();
  await expect(quoteCard.getByText(/^Signed (?!by )/)).toBeVisible();
  await expect(quoteCard.getByRole('button', { name: 'Review and sign' })).toBeHidden();

  // The invoice: paid by the sandbox card on the customer's phone.
  const invoiceRes = await tech.request.post('/api/invoices', { data: { quoteId: quote.id } });
  expect(invoiceRes.status(), await invoiceRes.text()).toBe(201);
  const pay = page.getByRole('button', { name: 'Pay $75.00 by card' });
  await expect(pay).toBeVisible({ timeout: 2000 });
  await pay.click();
  await page.getByLabel('Card Number').fill('4000 0000 0000 0002');
  // The technician's processing fee is theirs: the customer's card form never states it.
  await expect(page.getByText(/processing fee|2\.9%|30 cents/i)).toHaveCount(0);
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Pay $75.00', exact: true }).click();
  // Declined: said on the form, nothing paid, and the next try is a new attempt.
  await expect(page.getByRole('alert').filter({ hasText: /declined/i })).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText('$75.00');
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Pay $75.00', exact: true }).click();
  await expect(page.getByText(/^Paid \$75\.00\. Receipt R-/)).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');

  // Completed. The link the submitter got back follows the job; the e-mailed one reviews it.
  await move(tech, created.reference, { move: 'complete' });
  await expect(page.getByTestId('request-status')).toHaveText('Completed', { timeout: 2000 });
  await expect(
    page.getByText(/open the link we e-mailed to the address on this request/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit review' })).toHaveCount(0);
  let mailed = '';
  await expect(async () => {
    const links = (await mailbox())
      .map((m) => new RegExp(`/requests/${created.reference}\\?t=[\\w-]{43}`).exec(m.text)?.[0])
      .filter((x): x is string => !!x && x !== created.requestPath);
    expect(links.length).toBeGreaterThan(0);
    mailed = links[0]!;
  }).toPass({ timeout: 10_000 });
  await page.goto(mailed);
  await expect(page.getByTestId('request-status')).toHaveText('Completed');
  // The completion e-mail's own link lands on the review form, at the top of the page.
  let review = '';
  await expect(async () => {
    const done = (await mailbox()).find(
      (m) => m.template === 'job_completed' && m.text.includes(created.reference),
    );
    review = /\/requests\/WR-\d{6}\?t=[\w-]{43}#review/.exec(done?.text ?? '')?.[0] ?? '';
    expect(review).not.toBe('');
  }).toPass({ timeout: 10_000 });
  await page.goto(review);
  await expect(page.getByRole('button', { name: 'Submit review' })).toBeInViewport();
  const me = (await (await tech.request.get('/api/auth/current-user')).json()) as {
    technicianId: number;
  };
  const profile = async () =>
    (await (await page.request.get(`/api/technicians/${me.technicianId}`)).json()) as {
      totalReviews: number;
    };
  const before = await profile();
  await page.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await page.getByLabel('Your review (optional)').fill('Quick and friendly.');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('button', { name: 'Update review' })).toBeVisible();
  await expect(page.getByText(/^You can edit your review until /)).toBeVisible();
  // The technician's public profile counts it at once, and shows it first.
  const after = await profile();
  expect(after.totalReviews).toBe(before.totalReviews + 1);
  await page.goto(`/technician/${me.technicianId}`);
  await expect(page.getByText(`(${after.totalReviews} reviews)`).first()).toBeVisible();
  await expect(page.getByText('Quick and friendly.')).toBeVisible();
  // Paid by card through the platform: a verified job.
  await expect(
    page.getByTestId('review').filter({ hasText: 'Quick and friendly.' }).getByText('Verified job'),
  ).toBeVisible();
});

test('a customer cancels a request after confirming, with a reason', async ({ page }) => {
  const created = await guestRequest(page.request, `Battery light on ${Date.now()}`);
  await page.goto(created.requestPath);
  await page.getByRole('button', { name: 'Cancel request' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel request ${created.reference}?` });
  await expect(dialog).toBeVisible();
  // Keeping it changes nothing.
  await dialog.getByRole('button', { name: 'Keep request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('request-status')).toHaveText('Finding a technician');

  await page.getByRole('button', { name: 'Cancel request' }).click();
  await dialog.getByLabel('Reason (optional)').fill('Fixed it myself');
  await dialog.getByRole('button', { name: 'Cancel request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('request-status')).toHaveText('Canceled');
  await expect(page.getByTestId('status-banner')).toContainText('Reason: Fixed it myself');
  await expect(page.getByText('Request canceled').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel request' })).toBeHidden();
});

test('a customer sends the form and lands on the request, which echoes what they said; a proposed time is flagged on My Requests', async ({
  page,
  signIn,
  signedInContext,
}) => {
  await signIn('customer');
  await page.goto('/request-service');
  const problem = `Squeal from the belt on cold mornings ${Date.now()}`;
  await page.getByLabel('Service Type *').selectOption('Diagnostics');
  const vehicle = page.getByLabel('Vehicle *');
  if (await vehicle.count()) await vehicle.selectOption({ label: 'Another vehicle' });
  await page.getByLabel('Vehicle Year *').fill('2016');
  await page.getByLabel('Vehicle Make *').fill('Honda');
  await page.getByLabel('Vehicle Model *').fill('Civic');
  await page.getByLabel('Mileage').fill('61,250');
  await page.getByLabel('Problem Description *').fill(problem);
  await page.getByLabel('Location *').fill('Hyattsville, MD');
  await page.getByLabel('Urgency').selectOption('high');
  await page.getByLabel('Preferred Date').fill('2031-05-14');
  await page.getByRole('button', { name: 'Submit Request' }).click();

  // The request's page: its title has focus, and says back what was asked.
  const title = page.getByRole('heading', { level: 1, name: /^Request WR-\d{6}$/ });
  await expect(title).toBeFocused();
  await expect(title).toBeInViewport();
  const facts = page.getByTestId('request-facts');
  await expect(facts).toContainText('High - ASAP');
  await expect(facts).toContainText('May 14, 2031');
  await expect(facts).toContainText('61,250 miles');
  // On a phone the toast sits at the bottom, off the title.
  const toast = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Service request submitted!' });
  await expect(toast).toBeVisible();
  const [t, h] = [(await toast.boundingBox())!, (await title.boundingBox())!];
  expect(t.y).toBeGreaterThan(h.y + h.height);
  const reference = (await title.textContent())!.replace('Request ', '');
  const id = Number(reference.slice(3));

  // The technician accepts and proposes a time: My Requests says it waits for the customer.
  const tech = await signedInContext('technician');
  await acceptThroughApi(tech, id);
  const start = new Date(Date.now() + 26 * 3600_000);
  start.setMinutes(0, 0, 0);
  await move(tech, reference, {
    move: 'propose_window',
    windowStart: start.toISOString(),
    windowEnd: new Date(start.getTime() + 2 * 3600_000).toISOString(),
  });
  await page.goto('/my-requests');
  const row = page.getByTestId('my-request').filter({ hasText: reference });
  await expect(row.getByTestId('awaits-customer')).toHaveText('Confirm the time');
  await expect(row).toContainText(/Proposed: .+ E[SD]T/);
});

test('the signed-in customer lists their requests and opens one', async ({ page, signIn }) => {
  await signIn('customer');
  const res = await page.request.post('/api/service-requests', {
    data: {
      serviceType: 'Oil Change',
      description: `Oil change before a road trip ${Date.now()}`,
      urgency: 'low',
      location: 'Laurel, MD',
      preferredDate: null,
      vehicleInfo: '2019 Toyota Camry',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()) as CreatedRequest;

  await page.goto('/my-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'My Requests' })).toBeVisible();
  const rows = page.getByTestId('my-request');
  // Newest first.
  await expect(rows.first()).toContainText(created.reference);
  await expect(rows.first()).toContainText('Oil Change');
  await rows.first().click();
  await expect(page).toHaveURL(new RegExp(`/requests/${created.reference}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Request ${created.reference}` }),
  ).toBeVisible();
});

test('a signed-out owner is told how to get in, signs in, and sees the request', async ({
  page,
  signIn,
  signInFields,
}) => {
  await signIn('customer');
  const res = await page.request.post('/api/service-requests', {
    data: {
      serviceType: 'Oil Change',
      description: `Oil change after a long drive ${Date.now()}`,
      urgency: 'low',
      location: 'Laurel, MD',
      preferredDate: null,
      vehicleInfo: '2019 Toyota Camry',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()) as CreatedRequest;
  expect((await page.request.post('/api/auth/signout')).status()).toBe(200);

  // Signed out, the request answers like an unknown one; the page still shows the way in.
  await page.goto(`/requests/${created.reference}`);
  await expect(page.getByRole('heading', { name: 'Service request not found' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The dialog speaks to a customer here: its title, and Register starts on a customer account.
  const dialog = page.getByRole('dialog', { name: 'Customer Access' });
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await expect(dialog.getByLabel('Account Type')).toHaveValue('customer');
  await dialog.getByRole('tab', { name: 'Sign In' }).click();
  await signInFields('customer', 'wrenchly-demo');
  await expect(
    page.getByRole('heading', { level: 1, name: `Request ${created.reference}` }),
  ).toBeVisible();
});

test('the request page explains missing, private and unknown requests', async ({
  page,
  browser,
  signedInPage,
}) => {
  const created = await guestRequest(page.request, `Squeal on start ${Date.now()}`);
  // No session, no link: like an unknown reference, with a way in for its owner.
  const anon = await browser.newPage();
  const notFound = anon.getByRole('heading', { name: 'Service request not found' });
  await anon.goto(`/requests/${created.reference}`);
  await expect(notFound).toBeVisible();
  await expect(
    anon.getByText('If this request is yours, sign in or open the link from your e-mail.'),
  ).toBeVisible();
  await expect(anon.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await anon.goto(`/requests/${created.reference}?t=${'x'.repeat(43)}`);
  await expect(notFound).toBeVisible();
  await expect(anon.getByText('Open the link from your e-mail again')).toBeVisible();
  await anon.goto('/requests/WR-999999');
  await expect(notFound).toBeVisible();
  await anon.close();

  // Another customer's request; and /my-requests is for customers.
  const customer = await signedInPage('customer');
  await customer.goto(`/requests/${created.reference}`);
  await expect(customer.getByRole('heading', { name: 'Service request not found' })).toBeVisible();
  const tech = await signedInPage('technician');
  await tech.goto('/my-requests');
  await expect(tech.getByText('Customer Access Required')).toBeVisible();
});
