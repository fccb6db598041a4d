import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Reviews on a public profile (issue 13, item 6), on a phone: who wrote each review, for which
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
  // The seed's history has no job and no known reviewer.
  await expect(list.getByText('Customer', { exact: true }).first()).toBeVisible();
  // Visitors cannot reply.
  await expect(page.getByRole('button', { name: 'Reply' })).toHaveCount(0);

  await page.getByRole('button', { name: `View All Reviews (${total})` }).click();
  await expect(items).toHaveCount(5);
  await expect(page.getByText(`Showing 5 of ${total} reviews`)).toBeVisible();
  while (await page.getByRole('button', { name: 'Load more reviews' }).isVisible()) {
    await page.getByRole('button', { name: 'Load more reviews' }).click();
    await expect(page.getByRole('button', { name: 'Loading...' })).toHaveCount(0);
  }
  await expect(items).toHaveCount(total);
  await expect(page.getByText(`Showing ${total} of ${total} reviews`)).toBeVisible();
  await expect(items.last()).toContainText(reviews[total - 1]!.reviewerName);
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
