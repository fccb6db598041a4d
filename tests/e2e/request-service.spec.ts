import { expect, test } from './fixtures';

test('the request form shows an implausible vehicle year and a short description inline', async ({
  page,
}) => {
  const nextYear = new Date().getFullYear() + 1;
  await page.goto('/request-service?serviceType=Brake+Service&location=Bowie%2C+MD');
  await page.getByLabel('Full Name *').fill('Jamie Rivera');
  await page.getByLabel('Email *').fill('jamie@example.com');
  await page.getByLabel('Vehicle Year *').fill('1899');
  await page.getByLabel('Vehicle Make *').fill('Ford');
  await page.getByLabel('Vehicle Model *').fill('Model T');
  await page.getByLabel('Problem Description *').fill('Noise');
  await page.getByRole('button', { name: 'Submit Request' }).click();

  const year = page.getByLabel('Vehicle Year *');
  await expect(year).toHaveAttribute('aria-invalid', 'true');
  await expect(year).toHaveAccessibleDescription(
    `Vehicle year must be between 1900 and ${nextYear}`,
  );
  const description = page.getByLabel('Problem Description *');
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await expect(description).toHaveAccessibleDescription(
    'Please describe the problem in at least 10 characters',
  );
  await expect(page.getByText('Service request submitted!')).toHaveCount(0);

  await year.fill(String(nextYear + 1));
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(year).toHaveAccessibleDescription(
    `Vehicle year must be between 1900 and ${nextYear}`,
  );

  await year.fill('1927');
  await description.fill('Grinding noise when braking.');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Service request submitted!')).toBeVisible();
  // The request's page takes over (with its signed link), not a cleared form.
  await expect(page).toHaveURL(/\/requests\/WR-\d{6}\?t=[\w-]+$/);
});

test('a guest keeps the way back to their request: the notice, Copy link, and the e-mail', async ({
  page,
  context,
  mailbox,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = `guest.${Date.now()}@example.com`;
  await page.goto('/request-service?serviceType=Brake+Service&location=Bowie%2C+MD');
  await page.getByLabel('Full Name *').fill('Robin Guest');
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Vehicle Year *').fill('2016');
  await page.getByLabel('Vehicle Make *').fill('Mazda');
  await page.getByLabel('Vehicle Model *').fill('CX-5');
  await page.getByLabel('Problem Description *').fill('Squealing when braking downhill.');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page).toHaveURL(/\/requests\/WR-\d{6}\?t=[\w-]+$/);
  const reference = /WR-\d{6}/.exec(page.url())![0];

  await expect(page.getByText('Keep this link: it is the way back to your request.')).toBeVisible();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  // The confirmation e-mail is there at once, and its link opens the request in a fresh browser.
  let link = '';
  await expect(async () => {
    const mail = (await mailbox()).find((m) => m.to === email && m.template === 'request_received');
    expect(mail?.subject).toContain(reference);
    link =
      new RegExp(`https?://[^\\s]+/requests/${reference}\\?t=[\\w-]+`).exec(mail!.text)?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 10_000 });
  await context.clearCookies();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: new RegExp(reference) })).toBeVisible();
  await expect(page.getByText('Keep this link: it is the way back to your request.')).toBeVisible();
});

test('the form shows the typical price before booking, from real local jobs, or says there are too few', async ({
  page,
}) => {
  await page.goto('/request-service');
  const note = page.getByTestId('price-estimate');
  await page.getByLabel('Service Type *').selectOption('Diagnostics');
  await expect(note).toHaveText('');
  // Around Hyattsville the demo has a year of paid Diagnostics jobs.
  await page.getByLabel('Location *').fill('Hyattsville, MD');
  await expect(note).toHaveText(
    /^Typical price for Diagnostics near Hyattsville, MD: \$[\d,]+–\$[\d,]+ \(\d+ jobs in the last 12 months\)$/,
  );
  // In the far west of Maryland: no made-up figure.
  await page.getByLabel('Location *').fill('21550');
  await expect(note).toHaveText('Not enough local data yet');
});
