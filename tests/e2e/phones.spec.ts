import { expect, test } from './fixtures';

/**
 * One phone rule (src/shared/phone.ts): a technician's '12345' is refused on the field, a real
 * number typed any way is kept in E.164 and published as (301) 555-0199, a tap-to-call link
 * to tel:+13015550199.
 */
test('a technician is refused 12345 on the field, then their real number is a tap-to-call link on their public profile', async ({
  approvedTechnician,
  browser,
}) => {
  const { context } = await approvedTechnician({ prefix: 'phones' });
  const me = async () =>
    (await (await context.request.get('/api/technicians/me')).json()) as {
      id: number;
      phone: string | null;
    };
  const page = await context.newPage();
  await page.goto('/technician-profile');
  await expect(page.getByLabel('Hourly Rate ($)')).toBeEnabled();
  await page.getByLabel('Hourly Rate ($)').fill('85');

  // Junk: refused under the field, and nothing is saved.
  const phone = page.getByLabel('Phone', { exact: true });
  await phone.fill('12345');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  const refusal = page.getByText('Enter a US phone number, like (301) 555-0199');
  await expect(refusal).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription('Enter a US phone number, like (301) 555-0199');
  await expect(page.getByText('Profile Updated')).toHaveCount(0);
  expect((await me()).phone).toBeNull();

  // A real number, typed another way: stored in E.164, shown as people write it.
  await phone.fill('301.555.0199');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expect(refusal).toHaveCount(0);
  const saved = await me();
  expect(saved.phone).toBe('+13015550199');
  await page.reload();
  await expect(phone).toHaveValue('(301) 555-0199');

  // The public profile: the number as people write it, a tap-to-call link to its E.164 form.
  const visitor = await browser.newContext();
  const profile = await visitor.newPage();
  await profile.goto(`/technician/${saved.id}`);
  const call = profile.getByRole('link', { name: /^Call .+ at \(301\) 555-0199$/ });
  await expect(call).toBeVisible();
  await expect(call).toContainText('(301) 555-0199');
  await expect(call).toHaveAttribute('href', 'tel:+13015550199');
  await visitor.close();
});
