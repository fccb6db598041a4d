import { expect, test } from './fixtures';

/*
 * The repair tools of the 'Free Software' catalogue run in the app: a visitor opens the free
 * ones and gets a sign-in prompt (never a file) for the paid one; a technician below its plan
 * is told which plan opens it; a technician on the plan looks up a code and decodes a VIN.
 */

test('a visitor uses the free trouble-code lookup and is asked to sign in for the VIN decoder', async ({
  page,
}) => {
  await page.goto('/repair-software');
  await expect(page.getByRole('link', { name: /download/i })).toHaveCount(0);
  await page.getByRole('link', { name: 'Open OBD-II Code Library' }).click();
  await expect(page).toHaveURL(/\/tools\/trouble-codes$/);
  await page.getByLabel('Trouble code or words').fill('p0300');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByTestId('dtc')).toContainText('Random/Multiple Cylinder Misfire Detected');

  await page.goto('/tools/vin-decoder');
  await expect(page.getByRole('heading', { name: 'Sign in to use the VIN Decoder' })).toBeVisible();
  await expect(page.getByLabel('VIN (17 characters)')).toHaveCount(0);
  await page.getByTestId('tool-locked').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Technician Access' })).toBeVisible();
});

test('a technician without a plan is told the VIN decoder needs the Basic plan', async ({
  approvedTechnician,
}) => {
  const { context } = await approvedTechnician({ prefix: 'tools' });
  const page = await context.newPage();
  await page.goto('/tools/vin-decoder');
  await expect(
    page.getByRole('heading', { name: 'The VIN Decoder needs the Basic plan' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toBeVisible();
  await context.close();
});

test('a technician on a plan looks up P0300, searches codes and decodes a VIN', async ({
  page,
  signIn,
}) => {
  await signIn('technician'); // the demo technician is on Professional
  await page.goto('/tools/trouble-codes');
  await page.getByLabel('Trouble code or words').fill('P0300');
  await page.getByRole('button', { name: 'Look up' }).click();
  const entry = page.getByTestId('dtc');
  await expect(entry).toContainText('Random/Multiple Cylinder Misfire Detected');
  await expect(entry.getByText('Worn spark plugs')).toBeVisible();
  await page.getByLabel('Trouble code or words').fill('P1234');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('alert')).toContainText('P1234 is a manufacturer-specific code');
  await page.getByLabel('Trouble code or words').fill('catalyst bank 1');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByTestId('dtc').filter({ hasText: 'P0420' })).toBeVisible();

  await page.goto('/tools/vin-decoder');
  await page.getByLabel('VIN (17 characters)').fill('1HGCM82633A00435');
  await page.getByRole('button', { name: 'Decode' }).click();
  await expect(page.getByLabel('VIN (17 characters)')).toHaveAccessibleDescription(
    'VIN must be 17 characters',
  );
  await page.getByLabel('VIN (17 characters)').fill('1HGCM82633A004352');
  await page.getByRole('button', { name: 'Decode' }).click();
  const result = page.getByTestId('vin-result');
  await expect(result.getByText('Check digit valid')).toBeVisible();
  await expect(result).toContainText('2003');
  await expect(result).toContainText('Honda');
  await expect(result).toContainText('United States');

  await page.goto('/tools/maintenance-schedule');
  await page.getByLabel('Mileage').fill('60,000');
  await page.getByRole('button', { name: 'Show schedule' }).click();
  await expect(
    page.getByTestId('maintenance-item').filter({ hasText: 'Engine oil and filter' }),
  ).toContainText('Due now');
});

test('the repair software page does not tell an admin about a plan they cannot have', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/repair-software');
  await expect(page.getByText('As an admin, every tool is open to you.')).toBeVisible();
  await expect(page.getByText(/Your plan:/)).toHaveCount(0);
});
