import { expect, test } from './fixtures';

// A customer asks one technician directly from their profile: the request goes to that
// technician alone first, and the customer's page says so.

test('Request service on a profile sends the request to that technician first', async ({
  browser,
  approvedTechnician,
  mailbox,
}) => {
  test.setTimeout(60_000);
  const { context: tech } = await approvedTechnician({
    prefix: 'firstchoice',
    plan: 'Basic',
    data: { firstName: 'Riley', lastName: 'Chosen' },
  });
  // Cumberland, in western Maryland far from the demo technicians: no one else is near.
  const profile = await tech.request.patch('/api/technicians/me', {
    data: {
      zipCode: '21502',
      specialties: ['AC Repair', 'Diagnostics'],
      isAvailable: true,
      hourlyRate: 80,
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const { id } = (await (await tech.request.get('/api/technicians/me')).json()) as { id: number };

  const techPage = await tech.newPage();
  await techPage.goto('/technician-notifications');
  await expect(techPage.getByText('Live updates on')).toBeVisible();

  const customer = await browser.newPage();
  await customer.goto(`/technician/${id}`);
  await expect(customer.getByRole('heading', { name: 'Riley Chosen', level: 1 })).toBeVisible();
  await customer.getByRole('link', { name: 'Request service', exact: true }).click();
  await expect(customer).toHaveURL(new RegExp(`/request-service\\?technician=${id}$`));
  await expect(customer.getByTestId('first-choice-notice')).toContainText(
    "Your request goes to Riley Chosen first. If they pass or don't answer within 5 minutes, we offer it to other qualified technicians nearby.",
  );

  // Only the services Riley does are offered.
  const services = await customer.getByLabel('Service Type *').locator('option').allTextContents();
  expect(services.sort()).toEqual(['AC Repair', 'Diagnostics', 'Select a service']);

  const problem = `AC blows warm air ${Date.now()}`;
  await customer.getByLabel('Full Name *').fill('Casey Customer');
  await customer.getByLabel('Email *').fill('casey.first-choice@example.com');
  await customer.getByLabel('Service Type *').selectOption('AC Repair');
  await customer.getByLabel('Vehicle Year *').fill('2018');
  await customer.getByLabel('Vehicle Make *').fill('Honda');
  await customer.getByLabel('Vehicle Model *').fill('Accord');
  await customer.getByLabel('Problem Description *').fill(problem);
  await customer.getByLabel('Location *').fill('21502');
  await customer.getByRole('button', { name: 'Submit Request' }).click();

  // The customer's page: with that technician first.
  await expect(customer).toHaveURL(/\/requests\/WR-\d{6}\?t=/);
  await expect(customer.getByTestId('first-choice')).toHaveText(
    'Your request is with Riley Chosen first.',
  );
  await expect(customer.getByText('Sent to your chosen technician first')).toBeVisible();
  // The confirmation e-mail names the technician chosen.
  await expect(async () => {
    const mail = (await mailbox()).find(
      (m) => m.to === 'casey.first-choice@example.com' && m.template === 'request_received',
    );
    expect(mail?.text).toContain('we offer it to Riley Chosen, whom you chose, first');
  }).toPass();

  // The technician's screen: the offer, saying the customer asked for them.
  const card = techPage.getByTestId('pending-notification').filter({ hasText: problem });
  await expect(card).toBeVisible();
  await expect(card).toContainText(
    'The customer asked for you: only you have this request for now.',
  );
  await card.getByRole('button', { name: 'View Details' }).click();
  await techPage.getByRole('dialog').getByRole('button', { name: 'Accept Job' }).click();
  await expect(techPage.getByText('Job Accepted!')).toBeVisible();

  // Accepted: the page moves on to the usual texts.
  await expect(customer.getByTestId('first-choice')).toBeHidden();
  await expect(customer.getByTestId('request-status')).toHaveText('Accepted');
});
