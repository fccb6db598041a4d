import { expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('a signed-in customer adds a vehicle, requests service with it, and lands on the request page', async ({
  page,
  signIn,
}) => {
  await signIn('customer');
  const model = `Accord ${Date.now() % 100000}`;
  const label = `2003 Honda ${model}`;

  // /vehicles: add one; a wrong VIN check digit shows inline and nothing is saved.
  await page.goto('/vehicles');
  await expect(page.getByRole('heading', { name: 'My Vehicles', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Vehicle' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
  await dialog.getByLabel('Year *').fill('2003');
  await dialog.getByLabel('Make *').fill('Honda');
  await dialog.getByLabel('Model *').fill(model);
  await dialog.getByLabel('VIN').fill('1HGCM82633A004353');
  await dialog.getByLabel('Mileage').fill('123456');
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(dialog.getByLabel('VIN')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('VIN')).toHaveAccessibleDescription(
    'VIN check digit does not match: please check the VIN',
  );
  await dialog.getByLabel('Year *').fill('1899');
  await dialog.getByLabel('VIN').fill('1hgcm82633a004352');
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(dialog.getByLabel('Year *')).toHaveAccessibleDescription(
    /^Vehicle year must be between 1900 and \d{4}$/,
  );
  // The whole VIN decodes (the VIN decoder tool): it offers the model year it gives.
  await expect(dialog.getByTestId('vin-fill')).toHaveText(/This VIN is a 2003 Honda\./);
  await dialog.getByRole('button', { name: 'Fill year' }).click();
  await expect(dialog.getByLabel('Year *')).toHaveValue('2003');
  await expect(dialog.getByTestId('vin-fill')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('region', { name: label });
  await expect(card).toBeVisible();
  await expect(card.getByText('1HGCM82633A004352')).toBeVisible();
  await expect(card.getByText('123,456 miles')).toBeVisible();
  await expect(card.getByText('No completed services yet.')).toBeVisible();

  // The request form: contact details prefilled, the vehicle picked from the saved ones.
  await page.goto('/request-service?serviceType=Diagnostics&location=Hyattsville%2C%20MD');
  await expect(page.getByLabel('Full Name *')).toHaveValue('Casey Customer');
  await expect(page.getByLabel('Email *')).toHaveValue('customer@wrenchly.com');
  await expect(page.getByLabel('Phone')).toHaveValue('(301) 555-0199');
  const picker = page.getByLabel('Vehicle *');
  await picker.selectOption({ label });
  await expect(page.getByLabel('Vehicle Make *')).toHaveCount(0);
  await expect(page.getByLabel('Mileage')).toHaveValue('123456');
  // 'Another vehicle' brings back the typed fields.
  await picker.selectOption({ label: 'Another vehicle' });
  await expect(page.getByLabel('Vehicle Make *')).toBeVisible();
  await picker.selectOption({ label });
  await page.getByLabel('Problem Description *').fill('Check engine light comes on at idle.');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Service request submitted!')).toBeVisible();
  await expect(page).toHaveURL(/\/requests\/WR-\d{6}(\?t=[\w-]+)?$/);

  // The request names the vehicle; /vehicles still shows it.
  const reference = /WR-\d{6}/.exec(page.url())![0];
  const detail = await page.request.get(`/api/service-requests/${reference}`);
  expect(detail.status()).toBe(200);
  expect(await detail.json()).toMatchObject({
    vehicleInfo: label,
    vehicle: { year: 2003, make: 'Honda', model, vin: '1HGCM82633A004352' },
  });
  await page.goto('/vehicles');
  await expect(page.getByRole('region', { name: label })).toBeVisible();
});

test('a customer edits a vehicle and deletes it after confirming', async ({ page, signIn }) => {
  await signIn('customer');
  const model = `Civic ${Date.now() % 100000}`;
  const created = await page.request.post('/api/vehicles', {
    data: { year: 2018, make: 'Honda', model },
  });
  expect(created.status()).toBe(201);
  const label = `2018 Honda ${model}`;

  await page.goto('/vehicles');
  await page.getByRole('button', { name: `Edit ${label}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Vehicle' });
  await expect(edit.getByLabel('Model *')).toHaveValue(model);
  await edit.getByLabel('Mileage').fill('-5');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByLabel('Mileage')).toHaveAccessibleDescription(
    'Mileage must be a whole number from 0 to 2,000,000',
  );
  await edit.getByLabel('Mileage').fill('61000');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  const card = page.getByRole('region', { name: label });
  await expect(card.getByText('61,000 miles')).toBeVisible();

  await page.getByRole('button', { name: `Delete ${label}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${label}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: `Delete ${label}` }).click();
  await confirm.getByRole('button', { name: 'Delete Vehicle' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toHaveCount(0);
});

test('/vehicles asks a visitor to sign in and tells a technician it is for customers', async ({
  page,
  signIn,
}) => {
  await page.goto('/vehicles');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await signIn('technician');
  await page.goto('/vehicles');
  await expect(page.getByRole('heading', { name: 'Customer Access Required' })).toBeVisible();
});
