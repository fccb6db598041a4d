import { expect, test } from './fixtures';

/** A technician publishes what common jobs start at; the public profile shows it. */
test('a technician publishes starting prices on their profile, and the public profile shows them', async ({
  approvedTechnician,
  browser,
}) => {
  const last = `Prices${Date.now()}`;
  const { context } = await approvedTechnician({
    prefix: 'prices',
    data: { firstName: 'Quinn', lastName: last },
  });
  const offered = await context.request.patch('/api/technicians/me', {
    data: { specialties: ['Brake Service', 'Oil Change'], hourlyRate: 85, isAvailable: true },
  });
  expect(offered.status(), await offered.text()).toBe(200);
  const { id } = (await (await context.request.get('/api/technicians/me')).json()) as {
    id: number;
  };
  const page = await context.newPage();
  await page.goto('/technician-profile');
  const editor = page.getByRole('region', { name: 'Starting prices' });
  await editor.getByRole('button', { name: 'Add a starting price' }).click();
  await editor.getByLabel('Service').selectOption('Brake Service');
  // Only the services offered are offered.
  expect(await editor.getByLabel('Service').locator('option').allTextContents()).toEqual([
    'Choose a service',
    'Brake Service',
    'Oil Change',
  ]);
  await editor.getByLabel('What it is for').fill('Brake pads, front');
  await editor.getByLabel('From ($)').fill('0');
  await editor.getByRole('button', { name: 'Save starting prices' }).click();
  await expect(editor.getByRole('alert')).toContainText('The price must be at least $1');
  await editor.getByLabel('From ($)').fill('180');
  await editor.getByLabel('Parts extra').check();
  await editor.getByRole('button', { name: 'Save starting prices' }).click();
  await expect(page.getByText('Starting prices saved')).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto(`/technician/${id}`);
  await expect(visitor.getByTestId('starting-prices')).toHaveText(
    'Brake Service · Brake pads, front: from $180, parts extra',
  );
  // The search card shows the lowest one.
  await visitor.goto(`/technicians?name=${encodeURIComponent(last)}`);
  const card = visitor.getByTestId('technician-card').filter({ hasText: last });
  await expect(card.getByTestId('technician-starting-price')).toHaveText(
    'From $180 · Brake pads, front, parts extra',
  );
  await visitor.close();
});
