import type { BrowserContext } from '@playwright/test';
import { expect, pendingNotification, test } from './fixtures';

/**
 * The analytics dashboard per plan and the fair-price check (ADR 015).
 * Data: a new technician near Cumberland, MD (no demo technician within reach) for the plans;
 * the demo technician's year of history for Professional and the typical prices.
 */

/** Puts a signed-in technician without a plan on `planName` by card, through the API. */
async function subscribe(context: BrowserContext, planName: string, planPrice: number) {
  const tok = await context.request.post('/api/payments/sandbox/tokenize', {
    data: { number: '4111 1111 1111 1111', expiry: '12/34', cvv: '123' },
  });
  const sub = await context.request.post('/api/square/create-subscription', {
    data: {
      sourceId: ((await tok.json()) as { token: string }).token,
      planName,
      planPrice,
      cardholderName: 'Ana Lytics',
      idempotencyKey: `e2e-analytics-${planName}-${Date.now()}`,
    },
  });
  expect(sub.status(), await sub.text()).toBe(200);
}

/** A guest asks for Diagnostics in Cumberland; the technician there answers its notification. */
async function answerJob(
  tech: BrowserContext,
  guest: BrowserContext,
  technicianId: number,
  answer: 'accept' | 'decline',
) {
  const res = await guest.request.post('/api/service-requests', {
    data: {
      customerName: 'Rick Mond',
      email: 'rick.mond@example.com',
      serviceType: 'Diagnostics',
      vehicleInfo: '2019 Toyota Camry',
      location: 'Cumberland, MD 21502',
      issueDescription: `Check engine light and a rough idle ${Date.now()}`,
      urgency: 'medium',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const notification = await pendingNotification(tech.request, technicianId, id);
  const answered = await tech.request.patch(
    `/api/job-notifications/${notification.id}/${answer}`,
    answer === 'decline' ? { data: { declineReason: 'Booked solid today' } } : undefined,
  );
  expect(answered.status(), await answered.text()).toBe(200);
}

test('a Premium technician sees the analytics dashboard with charts, on a phone too', async ({
  browser,
  approvedTechnician,
}) => {
  test.setTimeout(60_000);
  const { context } = await approvedTechnician({ prefix: 'analytics' });
  const profile = await context.request.patch('/api/technicians/me', {
    data: { zipCode: '21502', specialties: ['Diagnostics'], isAvailable: true, hourlyRate: 80 },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const { id: technicianId } = (await (
    await context.request.get('/api/technicians/me')
  ).json()) as {
    id: number;
  };

  // Without a plan: what the dashboard offers and the way to the plans.
  const page = await context.newPage();
  await page.goto('/analytics');
  await expect(page.getByText('Premium plan required')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See Plans' })).toHaveAttribute(
    'href',
    '/platform-payment',
  );

  // Premium, but nothing happened yet: no empty charts.
  await subscribe(context, 'Premium', 4.99);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No jobs yet' })).toBeVisible();
  await expect(page.locator('.recharts-wrapper')).toHaveCount(0);

  const guest = await browser.newContext();
  await answerJob(context, guest, technicianId, 'accept');
  await answerJob(context, guest, technicianId, 'decline');
  await guest.close();

  await page.reload();
  const figures = page.getByRole('region', { name: 'Key figures' });
  await expect(figures.getByText('Jobs notified')).toBeVisible();
  await expect(figures.getByText('Acceptance rate')).toBeVisible();
  await expect(figures.getByText('50%', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Jobs by month' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Job notifications' })).toBeVisible();
  await expect(page.locator('.recharts-wrapper')).toHaveCount(2);
  await expect(
    page.getByRole('img', {
      name: /Job notifications: Of 2 notifications you accepted 1, declined 1/,
    }),
  ).toBeVisible();
  // The figures behind a chart, as a table.
  const jobsByMonth = page.getByRole('region', { name: 'Jobs by month' });
  await jobsByMonth.getByText('View as table').click();
  await expect(
    jobsByMonth.getByRole('table', { name: 'Jobs notified, accepted and completed per month' }),
  ).toBeVisible();
  // Premium's set: no advanced charts, no export, and what Professional adds.
  await expect(page.getByRole('heading', { name: 'Revenue by month' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.getByText('Advanced analytics and reporting')).toBeVisible();

  // A phone: everything fits the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Jobs by month' })).toBeVisible();
  // The charts follow the new width once their resize observers have run.
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
});

test('the demo technician (Professional) sees the advanced charts and exports CSV', async ({
  signedInPage,
}) => {
  const page = await signedInPage('technician');
  await page.goto('/technician-profile');
  await page.getByRole('link', { name: 'Analytics' }).first().click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('button', { name: 'Last 12 months' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  for (const title of [
    'Jobs by month',
    'Job notifications',
    'Revenue by month',
    'Revenue by payment method',
    'Ratings over time',
    'Response times',
  ])
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.locator('.recharts-wrapper')).toHaveCount(6);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^wrenchly-analytics-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^Month,Notified,Accepted,Declined,Expired/);
  expect(lines).toHaveLength(14);

  // Another range: the presets and the dates move together.
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const day = async (label: string) =>
    Date.parse(`${await page.getByLabel(label, { exact: true }).inputValue()}T00:00:00Z`);
  expect((await day('To')) - (await day('From'))).toBe(29 * 86_400_000);
});

test("the customer sees the typical price in their area on the quote's signature page", async ({
  page,
  browser,
  signIn,
  mailbox,
}) => {
  await signIn('technician');
  // One of the demo technician's active jobs around Hyattsville (demo data: 20+ paid jobs).
  const jobs = (await (await page.request.get('/api/jobs')).json()) as {
    active: { reference: string; id: number; serviceType: string }[];
  };
  type Detail = {
    id: number;
    fairPrice: { enoughData: boolean; total: { low: string; high: string } | null };
  };
  let job: Detail | undefined;
  for (const j of jobs.active) {
    const d = (await (
      await page.request.get(`/api/service-requests/${j.reference}`)
    ).json()) as Detail;
    if (d.fairPrice.enoughData) {
      job = d;
      break;
    }
  }
  expect(job, 'an active demo job with typical prices').toBeDefined();
  const created = await page.request.post('/api/quotes', {
    data: {
      customerName: 'Fair Price Customer',
      serviceRequestId: job!.id,
      items: [
        { type: 'labor', description: 'Diagnosis and repair', quantity: 1.5, unitPrice: 95 },
        { type: 'part', description: 'Relay', quantity: 1, unitPrice: 45 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: quoteId } = (await created.json()) as { id: number };
  const email = `fair.price.${Date.now()}@example.com`;
  const sent = await page.request.post('/api/pos/email-quote', {
    data: { quoteId, customerEmail: email },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  let link = '';
  await expect(async () => {
    const mail = (await mailbox()).find((m) => m.to === email);
    link = /\/quote-approval\/[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 10_000 });

  const whole = (amount: string) => `$${Math.round(Number(amount)).toLocaleString('en-US')}`;
  const range = job!.fairPrice.total!;
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(link);
  await expect(
    phone.getByText(`Typical price in your area: ${whole(range.low)}–${whole(range.high)}`),
  ).toBeVisible();
  await expect(phone.getByText(/This quote: (below|within|above) the typical range/)).toBeVisible();
  await expect(phone.getByText(/^Typical labor line nearby: \$/)).toBeVisible();
  await phone.close();
});
