import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';

/** Makes a newly approved technician available at Hyattsville for Diagnostics. */
async function availableAtHyattsville(context: BrowserContext) {
  const profile = await context.request.patch('/api/technicians/me', {
    data: {
      location: 'Hyattsville, MD',
      specialties: ['Diagnostics'],
      isAvailable: true,
      hourlyRate: 80,
    },
  });
  expect(profile.status()).toBe(200);
}

test('a request reaches technicians live; one accepts, the other screen drops it', async ({
  browser,
  signedInContext,
  approvedTechnician,
}) => {
  const techA = await signedInContext('technician');
  // A second technician at Hyattsville offering Diagnostics: registered, approved by the admin.
  const { context: techB } = await approvedTechnician({
    prefix: 'dispatch',
    plan: 'Basic',
    data: {
      firstName: 'Dana',
      lastName: 'Second',
      location: 'Hyattsville, MD',
      specialties: 'Diagnostics',
    },
  });
  await availableAtHyattsville(techB);
  const pageA = await techA.newPage();
  const pageB = await techB.newPage();
  await pageA.goto('/technician-notifications');
  await pageB.goto('/technician-notifications');
  await expect(pageA.getByRole('heading', { name: 'Job Notifications', level: 1 })).toBeVisible();
  // Both screens hold a live push connection before the customer submits.
  await expect(pageA.getByText('Live updates on')).toBeVisible();
  await expect(pageB.getByText('Live updates on')).toBeVisible();

  const problem = `Check engine light flashing ${Date.now()}`;
  const customer = await browser.newPage();
  await customer.goto('/request-service?serviceType=Diagnostics&location=Hyattsville%2C%20MD');
  await customer.getByLabel('Full Name *').fill('Casey Customer');
  await customer.getByLabel('Email *').fill('casey@example.com');
  await customer.getByLabel('Vehicle Year *').fill('2017');
  await customer.getByLabel('Vehicle Make *').fill('Subaru');
  await customer.getByLabel('Vehicle Model *').fill('Outback');
  await customer.getByLabel('Problem Description *').fill(problem);
  const submitted = Date.now();
  await customer.getByRole('button', { name: 'Submit Request' }).click();

  const cardA = pageA.getByTestId('pending-notification').filter({ hasText: problem });
  const cardB = pageB.getByTestId('pending-notification').filter({ hasText: problem });
  // Pushed, not polled: well within the 5-second poll.
  await expect(cardA).toBeVisible({ timeout: 2000 });
  await expect(cardB).toBeVisible({ timeout: 2000 });
  expect(Date.now() - submitted).toBeLessThan(2500);
  await expect(cardA.getByLabel('Time left to respond')).toHaveText(/^[45]:\d\d left$/);

  await cardA.getByRole('button', { name: 'View Details' }).click();
  const dialog = pageA.getByRole('dialog');
  // An offer shows the area and the problem; the customer's contact waits for the accept.
  await expect(
    dialog.getByText('Contact details are shown once you accept the job.'),
  ).toBeVisible();
  await expect(dialog.getByText('Casey Customer')).toHaveCount(0);
  await expect(dialog.getByText('casey@example.com')).toHaveCount(0);
  await expect(dialog.getByText('Hyattsville, MD', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept Job' }).click();
  await expect(pageA.getByText('Job Accepted!')).toBeVisible();
  await expect(
    pageA.getByRole('region', { name: 'Recently Accepted' }).getByText('Diagnostics').first(),
  ).toBeVisible();

  // The other technician's card closes at once.
  await expect(cardB).toBeHidden({ timeout: 2000 });
  await Promise.all([techA.close(), techB.close(), customer.close()]);
});

test('declining stores the reason and moves the job to Recently Declined', async ({
  signedInContext,
}) => {
  const tech = await signedInContext('technician');
  const page = await tech.newPage();
  await page.goto('/technician-notifications');
  const created = await page.request.post('/api/service-requests', {
    data: {
      customerName: 'Riley Demo',
      email: 'riley@example.com',
      serviceType: 'Electrical',
      vehicleInfo: '2019 Toyota Camry',
      location: 'Hyattsville, MD',
      issueDescription: `Headlights flicker ${Date.now()}`,
      urgency: 'low',
    },
  });
  expect(created.status()).toBe(201);
  const card = page.getByTestId('pending-notification').filter({ hasText: 'Headlights flicker' });
  await expect(card.first()).toBeVisible();
  await card.first().getByRole('button', { name: 'View Details' }).click();
  await page.getByLabel('Decline reason (optional)').fill('Too far today');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Job Declined')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Recently Declined' }).getByText('Reason: Too far today'),
  ).toBeVisible();
  await tech.close();
});

test('the demo page creates a request and says how many technicians were notified', async ({
  page,
}) => {
  await page.goto('/demo-notifications');
  await expect(page.getByText('Quick Demo Requests')).toBeVisible();
  await page.getByRole('button', { name: 'Send Brake emergency' }).click();
  await expect(page.getByText('Demo Service Request Created!')).toBeVisible();
  await expect(page.getByText(/technicians? (was|were) notified/)).toBeVisible();

  await page.getByLabel('Customer Name *').fill('Morgan Form');
  await page.getByLabel('Email *').fill('morgan@example.com');
  await page.getByLabel('Service Type *').selectOption('Oil Change');
  await page.getByLabel('Location *').selectOption('Waldorf, MD');
  await page.getByLabel('Issue Description *').fill('Oil change due');
  await page.getByRole('button', { name: 'Create Demo Request' }).click();
  await expect(page.getByText('Demo Service Request Created!')).toBeVisible();
  await expect(page.getByLabel('Customer Name *')).toHaveValue('');
});

test('customers are told the page is for technicians', async ({ signedInContext }) => {
  const customer = await signedInContext('customer');
  const page = await customer.newPage();
  await page.goto('/technician-notifications');
  await expect(page.getByText('Technician Access Required')).toBeVisible();
  await customer.close();
});

test('the countdown ticks every second and the card disappears at zero', async ({
  signedInContext,
}) => {
  const tech = await signedInContext('technician');
  const page = await tech.newPage();
  await page.clock.install();
  await page.goto('/technician-notifications');
  const text = `Battery dead ${Date.now()}`;
  const created = await page.request.post('/api/service-requests', {
    data: {
      customerName: 'Toni Timer',
      email: 'toni@example.com',
      serviceType: 'Electrical',
      vehicleInfo: '2019 Toyota Camry',
      location: 'Hyattsville, MD',
      issueDescription: text,
    },
  });
  expect(created.status()).toBe(201);
  const card = page.getByTestId('pending-notification').filter({ hasText: text });
  await expect(card).toBeVisible();
  const timer = card.getByLabel('Time left to respond');
  const before = await timer.textContent();
  await page.clock.runFor(2000);
  await expect(timer).not.toHaveText(before!);
  await page.clock.fastForward('05:01');
  await expect(card).toBeHidden();
  await tech.close();
});
