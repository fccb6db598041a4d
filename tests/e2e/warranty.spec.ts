import { expect, scheduledJobThroughApi, test } from './fixtures';

// The workmanship warranty (ADR 044): after a completed job the customer opens a claim on their
// request page; the technician accepts it on their job page, which opens a repair at no charge.

test('a customer opens a warranty claim and the technician accepts it', async ({
  page,
  signedInContext,
}) => {
  const stamp = Date.now();
  const tech = await signedInContext('technician');
  // A window days ahead of anything else this technician has (their own choice, ADR 043).
  const { created, move } = await scheduledJobThroughApi(
    page,
    tech,
    {
      customerName: 'Wade Warranty',
      email: `wade${stamp}@example.com`,
      phoneNumber: '301-555-0146',
      vehicleInfo: '2013 Nissan Altima',
      issueDescription: `Squeal from the front wheels ${stamp}`,
    },
    41,
  );
  await move({ move: 'start_route' });
  await move({ move: 'start_work' });
  await move({ move: 'complete' });

  await page.goto(created.requestPath);
  const warranty = page.getByRole('region', { name: 'Warranty' });
  await expect(warranty.getByTestId('warranty-term')).toContainText('Covered until');
  await warranty.getByRole('button', { name: 'Open a warranty claim' }).click();
  await expect(warranty.getByText('Please describe what went wrong')).toBeVisible();
  await warranty.getByLabel('What went wrong').fill('The squeal came back after a week.');
  await warranty.getByRole('button', { name: 'Open a warranty claim' }).click();
  await expect(warranty.getByTestId('warranty-claim')).toContainText('Waiting for an answer');
  await expect(warranty.getByRole('button', { name: 'Open a warranty claim' })).toBeHidden();

  const techPage = await tech.newPage();
  await techPage.goto(`/my-jobs/${created.reference}`);
  const claim = techPage.getByRole('region', { name: 'Warranty' }).getByTestId('warranty-claim');
  await expect(claim).toContainText('The squeal came back after a week.');
  await claim.getByRole('button', { name: 'Accept: repair at no charge' }).click();
  await expect(claim).toContainText('Accepted');
  const followUp = claim.getByRole('link', { name: /^WR-\d{6}$/ });
  await expect(followUp).toBeVisible();

  // The customer's page follows: the claim accepted, on the timeline too.
  await expect(page.getByTestId('warranty-claim')).toContainText('Accepted');
  await expect(page.getByText(/Warranty claim accepted: repair at no charge/)).toBeVisible();
  // The technician's new job: theirs already, waiting for a window.
  await followUp.click();
  await expect(techPage).toHaveURL(/\/my-jobs\/WR-\d{6}$/);
  await expect(techPage.getByText(/Warranty repair at no charge for/).first()).toBeVisible();
});

test('a technician offers a longer warranty; their profile states it', async ({
  approvedTechnician,
}) => {
  const { context } = await approvedTechnician({ prefix: 'warrantor' });
  const page = await context.newPage();
  await page.goto('/technician-profile');
  const months = page.getByLabel('Warranty (months)');
  await expect(months).toHaveValue('12');
  await months.fill('6');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('The warranty must be at least 12 months')).toBeVisible();
  await page.getByLabel('Hourly Rate ($)').fill('85');
  await months.fill('24');
  await page.getByLabel('Warranty (miles)').fill('24000');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();

  const me = await (await context.request.get('/api/technicians/me')).json();
  await expect
    .poll(async () => (await (await context.request.get('/api/technicians/me')).json()).warranty)
    .toEqual({ months: 24, miles: 24_000 });
  await page.goto(`/technician/${me.id}`);
  await expect(page.getByRole('region', { name: 'Warranty' })).toContainText(
    'Workmanship warranty: 24 months or 24,000 miles, whichever comes first, on parts and labour.',
  );
});
