import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';

/** What plans deliver to technicians (ADR 014): leads up to the monthly cap, a featured listing. */

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function technicianIdOf(context: BrowserContext) {
  const me = await context.request.get('/api/auth/current-user');
  return ((await me.json()) as { technicianId: number }).technicianId;
}

type Notification = { id: number; status: string; serviceRequest: { id: number } };

test('a Basic technician at 10 accepted jobs gets no more and is told to upgrade', async ({
  page,
  approvedTechnician,
}) => {
  test.setTimeout(90_000);
  // Alone in Ocean City, MD: every request there reaches this technician while the plan allows.
  const { context } = await approvedTechnician({ prefix: 'capped', plan: 'Basic' });
  const moved = await context.request.patch('/api/technicians/me', {
    data: { zipCode: '21842', specialties: ['Electrical'], isAvailable: true },
  });
  expect(moved.status()).toBe(200);
  const technicianId = await technicianIdOf(context);
  const notificationsOf = async () =>
    (await (
      await context.request.get(`/api/job-notifications/technician/${technicianId}`)
    ).json()) as Notification[];
  const request = async (n: number) => {
    const res = await page.request.post('/api/service-requests', {
      data: {
        serviceType: 'Electrical',
        vehicleInfo: '2019 Toyota Camry',
        description: `Battery light on, request ${n} ${stamp()}`,
        location: 'Ocean City, MD 21842',
        customerName: 'Wyatt Plains',
        customerEmail: `wyatt${stamp()}@example.com`,
        urgency: 'medium',
      },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };

  const tech = await context.newPage();
  await tech.goto('/technician-notifications');
  await expect(tech.getByTestId('lead-status')).toContainText(
    'Basic plan: 0 of 10 jobs accepted this billing period',
  );

  for (let n = 1; n <= 10; n++) {
    const requestId = await request(n);
    const notification = (await notificationsOf()).find(
      (x) => x.serviceRequest.id === requestId && x.status === 'pending',
    );
    expect(notification, `request ${n} reached the technician`).toBeDefined();
    const accepted = await context.request.patch(
      `/api/job-notifications/${notification!.id}/accept`,
    );
    expect(accepted.status()).toBe(200);
  }

  // The eleventh goes nowhere near them.
  const eleventh = await request(11);
  expect((await notificationsOf()).some((x) => x.serviceRequest.id === eleventh)).toBe(false);

  await tech.reload();
  const notice = tech.getByTestId('lead-status');
  await expect(notice).toContainText('Monthly job limit reached – upgrade for more');
  await expect(notice).toContainText('You have accepted 10 of 10 jobs this billing period');
  await notice.getByRole('link', { name: 'Upgrade your plan' }).click();
  await expect(tech).toHaveURL(/\/platform-payment$/);
  await expect(tech.getByTestId('current-plan')).toContainText('Current Plan: Basic');
});

test('a technician without a plan is told they get no leads, with a link to choose one', async ({
  approvedTechnician,
}) => {
  const { context } = await approvedTechnician({ prefix: 'planless' });
  const page = await context.newPage();
  await page.goto('/technician-notifications');
  const notice = page.getByTestId('lead-status');
  await expect(notice).toContainText('You have no plan, so you receive no job leads');
  await expect(notice.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
    'href',
    '/platform-payment',
  );
});

test("a Premium technician's card and profile carry the Featured badge; a Basic one's do not", async ({
  page,
  approvedTechnician,
}) => {
  const last = `Feat${stamp()}`;
  // The Basic one first: without the boost, the earlier of two unrated technicians leads.
  for (const [first, plan] of [
    ['Bastian', 'Basic'],
    ['Petra', 'Premium'],
  ] as const) {
    const { context } = await approvedTechnician({
      prefix: first.toLowerCase(),
      plan,
      data: { firstName: first, lastName: last },
    });
    const listed = await context.request.patch('/api/technicians/me', {
      data: { location: 'Bowie, MD', specialties: ['Oil Change'], isAvailable: true },
    });
    expect(listed.status()).toBe(200);
  }

  await page.goto(`/technicians?name=${last}`);
  const cards = page.getByTestId('technician-card');
  await expect(cards).toHaveCount(2);
  const premium = cards.filter({ hasText: `Petra ${last}` });
  const basic = cards.filter({ hasText: `Bastian ${last}` });
  await expect(premium.getByTestId('featured-badge')).toHaveText('Featured');
  await expect(basic.getByTestId('featured-badge')).toHaveCount(0);
  // Same town, no ratings: the featured one comes first.
  await expect(cards.first()).toContainText(`Petra ${last}`);

  await premium.getByRole('link', { name: `Petra ${last}` }).click();
  await expect(page.getByRole('heading', { name: `Petra ${last}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('featured-badge')).toHaveText('Featured');
});
