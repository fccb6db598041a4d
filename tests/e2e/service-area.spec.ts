import { expect, test } from './fixtures';

// Where Wrenchly serves: a search or a request outside Maryland, DC and Northern Virginia is
// told so at once, and the visitor can ask to hear when that changes; admins see the list.

const NOT_SERVED =
  "We don't serve Beverly Hills, CA yet: Wrenchly serves Maryland, DC and Northern Virginia";

test('a search outside the area says where Wrenchly serves and takes an address to tell later', async ({
  page,
  signIn,
}) => {
  const email = `far${Date.now()}@example.com`;
  await page.goto('/technicians?zip=90210');
  await expect(page.getByRole('alert')).toContainText(NOT_SERVED);
  const waitlist = page.getByRole('group', { name: 'Tell me when you serve my area' });
  await waitlist.getByLabel('Email').fill(email);
  // Not without the consent.
  await waitlist.getByRole('button', { name: 'Notify me' }).click();
  await expect(waitlist.getByRole('alert')).toHaveText(
    'Tick the box to agree to an e-mail when we serve your area',
  );
  await waitlist.getByLabel('E-mail me when Wrenchly serves my area.').check();
  await waitlist.getByRole('button', { name: 'Notify me' }).click();
  await expect(
    page.getByText(`Thanks! We'll e-mail ${email} when Wrenchly serves Beverly Hills, CA.`),
  ).toBeVisible();

  // The admin sees where people are asking for us, and can export the list.
  await signIn('admin');
  await page.goto('/admin-dashboard');
  await page.getByRole('tab', { name: 'Service Requests' }).click();
  const card = page.getByRole('tabpanel', { name: 'Service Requests' });
  await expect(card.getByRole('list', { name: 'Places most asked for' })).toContainText(
    'Beverly Hills, CA',
  );
  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('service-area-waitlist.csv');
  const csv = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString()).toContain(`${email},"Beverly Hills, CA 90210",90210,CA`);
});

test('a request outside the area is refused on its location field, nothing sent', async ({
  page,
}) => {
  await page.goto('/request-service');
  await page.getByLabel('Service Type *').selectOption('Brake Service');
  await page.getByLabel('Full Name *').fill('Dana Westside');
  await page.getByLabel('Email *').fill('dana.westside@example.com');
  await page.getByLabel('Vehicle Year *').fill('2016');
  await page.getByLabel('Vehicle Make *').fill('Honda');
  await page.getByLabel('Vehicle Model *').fill('Civic');
  await page.getByLabel('Problem Description *').fill('Grinding noise when braking.');
  await page.getByLabel('Location *').fill('90210');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByLabel('Location *')).toHaveAccessibleDescription(NOT_SERVED);
  await expect(page.getByText('Service request submitted!')).toHaveCount(0);
  await expect(page).toHaveURL(/\/request-service$/);

  // The address from the form is offered; Enter in it asks for the e-mail, not the request.
  const waitlist = page.getByRole('group', { name: 'Tell me when you serve my area' });
  await expect(waitlist.getByLabel('Email')).toHaveValue('dana.westside@example.com');
  await waitlist.getByLabel('E-mail me when Wrenchly serves my area.').check();
  await waitlist.getByLabel('Email').press('Enter');
  await expect(
    page.getByText(
      "Thanks! We'll e-mail dana.westside@example.com when Wrenchly serves Beverly Hills, CA.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/request-service$/);
});
