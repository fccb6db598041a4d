import { expect, test } from './fixtures';

/**
 * My Jobs pages the past jobs (20 a page) and searches them; the tab, the search and the page are
 * in the URL. Data: the demo technician's year of history (well over 20 past jobs).
 */
test('the demo technician pages and searches their past jobs, and the URL keeps the place', async ({
  page,
  signIn,
}) => {
  await signIn('technician');
  const api = (await (await page.request.get('/api/jobs?pageSize=1')).json()) as {
    pastTotal: number;
    past: { reference: string; serviceType: string }[];
  };
  expect(api.pastTotal).toBeGreaterThan(40);
  const pages = Math.ceil(api.pastTotal / 20);

  await page.goto('/my-jobs');
  await page.getByRole('tab', { name: `Past (${api.pastTotal})` }).click();
  await expect(page).toHaveURL(/\/my-jobs\?tab=past$/);
  const past = page.getByRole('list', { name: 'Past jobs' });
  await expect(past.getByRole('link')).toHaveCount(20);
  const pager = page.getByRole('navigation', { name: 'Past jobs pages' });
  await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const firstOnPage1 = await past.getByRole('link').first().getAttribute('aria-label');

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/my-jobs\?tab=past&page=2$/);
  await expect(pager.getByText(`Page 2 of ${pages}`)).toBeVisible();
  // The next page opens at its top.
  await expect(page.getByRole('heading', { name: 'My Jobs', level: 1 })).toBeInViewport();
  await expect(past.getByRole('link').first()).not.toHaveAttribute('aria-label', firstOnPage1!);

  // A reload keeps the tab and the page.
  await page.reload();
  await expect(page.getByRole('tab', { name: /^Past/ })).toHaveAttribute('aria-selected', 'true');
  await expect(pager.getByText(`Page 2 of ${pages}`)).toBeVisible();

  // The last page, then back.
  // One page at a time: Next is disabled while the next page loads.
  for (let n = 3; n <= pages; n++) {
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText(`Page ${n} of ${pages}`)).toBeVisible();
  }
  await expect(pager.getByText(`Page ${pages} of ${pages}`)).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(past.getByRole('link')).toHaveCount(api.pastTotal - (pages - 1) * 20);
  await page.goBack();
  await expect(pager.getByText(`Page ${pages - 1} of ${pages}`)).toBeVisible();

  // Search by reference, in lower case: the one job, from page 1.
  const { reference, serviceType } = api.past[0]!;
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(reference.toLowerCase());
  await page.getByRole('searchbox', { name: 'Search jobs' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`tab=past&q=${reference.toLowerCase()}$`));
  await expect(page.getByRole('tab', { name: 'Past (1)' })).toBeVisible();
  await expect(past.getByRole('link')).toHaveCount(1);
  await expect(past.getByRole('link', { name: `${serviceType} ${reference}` })).toBeVisible();
  await expect(pager).toBeHidden();

  // Nothing matches: it says so.
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('no such job zzz');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No past jobs match "no such job zzz".')).toBeVisible();

  // Clear brings the whole list back.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/my-jobs\?tab=past$/);
  await expect(page.getByRole('tab', { name: `Past (${api.pastTotal})` })).toBeVisible();
  await expect(past.getByRole('link')).toHaveCount(20);

  // The page is now a page long, not the whole history.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(6000);
});
