import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Reviews on a public profile, on a phone: who wrote each review, for which
 * job, the technician's reply, and 'View All Reviews' loading the rest a page at a time.
 * Data: the demo technician Marcus Johnson and his seeded reviews.
 */
test.use({ viewport: { width: 390, height: 844 } });

type PublicReview = { id: number; reviewerName: string; serviceType: string | null };

async function marcus(page: Page) {
  const res = await page.request.get('/api/technicians?name=Marcus&available=false');
  const [t] = (await res.json()) as { id: number }[];
  const reviews = await page.request.get(`/api/technicians/${t!.id}/reviews?offset=0&limit=50`);
  return {
    id: t!.id,
    total: Number(reviews.headers()['x-total-count']),
    reviews: (await reviews.json()) as PublicReview[],
  };
}

test('a profile shows who wrote each review and pages through all of them', async ({ page }) => {
  const { id, total, reviews } = await marcus(page);
  expect(total).toBeGreaterThan(5);
  await page.goto(`/technician/${id}`);
  const list = page.getByRole('list', { name: 'Reviews' });
  const items = list.getByTestId('review');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText(reviews[0]!.reviewerName);
  // Visitors cannot reply.
  await expect(page.getByRole('button', { name: 'Reply' })).toHaveCount(0);

  await page.getByRole('button', { name: `View All Reviews (${total})` }).click();
  await expect(items).toHaveCount(5);
  await expect(page.getByText(`Showing 5 of ${total} reviews`)).toBeVisible();
  // Load more until every review is there (the button reads 'Loading...' in between).
  for (let shown = 5; shown < total; shown = await items.count()) {
    await page.getByRole('button', { name: 'Load more reviews' }).click();
    await expect(items).not.toHaveCount(shown);
  }
  await expect(items).toHaveCount(total);
  await expect(page.getByText(`Showing ${total} of ${total} reviews`)).toBeVisible();
  // The seed's oldest reviews have no job and no known reviewer.
  await expect(list.getByText('Customer', { exact: true }).first()).toBeVisible();
  // The oldest review, read from the API's last page.
  const last = await page.request.get(`/api/technicians/${id}/reviews?offset=${total - 1}&limit=1`);
  const [oldest] = (await last.json()) as PublicReview[];
  await expect(items.last()).toContainText(oldest!.reviewerName);
});

test('the technician replies on their own profile; everyone sees the reply', async ({
  page,
  signedInPage,
}) => {
  const { id } = await marcus(page);
  const tech = await signedInPage('technician');
  await tech.setViewportSize({ width: 390, height: 844 });
  await tech.goto(`/technician/${id}`);
  const first = tech.getByTestId('review').first();
  await first.getByRole('button', { name: /^(Reply|Edit reply)$/ }).click();
  const form = first.getByRole('form', { name: 'Reply to review' });
  await form.getByLabel('Your public reply').fill('   ');
  await form.getByRole('button', { name: /Post reply|Update reply/ }).click();
  await expect(form.getByText('Please write a reply')).toBeVisible();
  const text = `Thanks for having me over! (${Date.now()})`;
  await form.getByLabel('Your public reply').fill(text);
  await form.getByRole('button', { name: /Post reply|Update reply/ }).click();
  await expect(first.getByText(text)).toBeVisible();
  await expect(first.getByText('Reply from Marcus')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Edit reply' })).toBeVisible();
  // Not on someone else's profile.
  const { id: otherId } = (
    (await (await page.request.get('/api/technicians?name=Sofia')).json()) as { id: number }[]
  )[0]!;
  await tech.goto(`/technician/${otherId}`);
  await expect(tech.getByTestId('review').first()).toBeVisible();
  await expect(tech.getByRole('button', { name: /^(Reply|Edit reply)$/ })).toHaveCount(0);

  await page.goto(`/technician/${id}`);
  const shown = page.getByTestId('review').first();
  await expect(shown.getByText(text)).toBeVisible();
  await expect(shown.getByText('Reply from Marcus')).toBeVisible();
});

test("a customer's review of a completed job moves the technician's rating", async ({
  page,
  signedInContext,
}) => {
  const customer = await signedInContext('customer');
  const tech = await signedInContext('technician');
  const me = (await (await tech.request.get('/api/technicians/me')).json()) as { id: number };
  const before = (await (await page.request.get(`/api/technicians/${me.id}`)).json()) as {
    totalReviews: number;
  };

  // The job's whole life through the API: requested, accepted, scheduled, done.
  const problem = `Engine hesitates on the highway ${Date.now()}`;
  const submitted = await customer.request.post('/api/service-requests', {
    data: {
      serviceType: 'Diagnostics',
      vehicleInfo: '2019 Toyota Camry',
      description: problem,
      urgency: 'high',
      location: 'Hyattsville, MD',
      customerName: 'Casey Customer',
      customerEmail: 'customer@wrenchly.com',
    },
  });
  expect(submitted.status()).toBe(201);
  const { id: requestId, reference } = (await submitted.json()) as {
    id: number;
    reference: string;
  };
  let notificationId = 0;
  await expect(async () => {
    const list = (await (
      await tech.request.get(`/api/job-notifications/technician/${me.id}`)
    ).json()) as { id: number; status: string; serviceRequest: { id: number } }[];
    const mine = list.find((n) => n.serviceRequest.id === requestId && n.status === 'pending');
    expect(mine).toBeDefined();
    notificationId = mine!.id;
  }).toPass({ timeout: 10_000 });
  expect(
    (await tech.request.patch(`/api/job-notifications/${notificationId}/accept`)).status(),
  ).toBe(200);
  const move = async (who: BrowserContext, data: Record<string, unknown>) => {
    const res = await who.request.post(`/api/service-requests/${reference}/moves`, { data });
    expect(res.status(), await res.text()).toBe(200);
  };
  const start = Date.now() + 3600_000;
  await move(tech, {
    move: 'propose_window',
    windowStart: new Date(start).toISOString(),
    windowEnd: new Date(start + 7200_000).toISOString(),
  });
  await move(customer, { move: 'confirm_window' });
  await move(tech, { move: 'start_route' });
  await move(tech, { move: 'start_work' });
  await move(tech, { move: 'complete' });

  const comment = `Found the misfire in minutes (${Date.now()})`;
  const review = await customer.request.put(`/api/service-requests/${reference}/review`, {
    data: { rating: 5, comment },
  });
  expect(review.status()).toBe(201);

  await page.goto(`/technician/${me.id}`);
  await expect(page.getByText(`(${before.totalReviews + 1} reviews)`)).toBeVisible();
  const first = page.getByTestId('review').first();
  await expect(first).toContainText('Casey C.');
  await expect(first).toContainText('Diagnostics');
  await expect(first).toContainText(comment);
});
