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
