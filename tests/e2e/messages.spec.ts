import { expect, test, type Mail, acceptThroughApi, guestRequestThroughApi } from './fixtures';

/**
 * The customer and the technician write to each other on the job's pages: each message shows on
 * the other side's open page without a reload, the customer is told by e-mail, and the sender
 * sees when it was read.
 */
test('the customer and the technician message each other live on the job', async ({
  page,
  signedInContext,
  mailbox,
}) => {
  const email = `maya${Date.now()}@example.com`;
  const created = await guestRequestThroughApi(page.request, {
    customerName: 'Maya Thread',
    email,
    phoneNumber: '301-555-0144',
    vehicleInfo: '2016 Mazda 3',
    issueDescription: `Battery light on ${Date.now()}`,
  });

  // Before a technician accepts, the customer's thread says when it opens.
  await page.goto(created.requestPath);
  const customerThread = page.getByRole('region', { name: 'Messages' });
  await expect(
    customerThread.getByText('Messages open once a technician accepts the job'),
  ).toBeVisible();
  await expect(customerThread.getByLabel('Your message')).toBeHidden();

  const tech = await signedInContext('technician');
  await acceptThroughApi(tech, created.id);
  const techPage = await tech.newPage();
  await techPage.goto(`/my-jobs/${created.reference}`);
  const techThread = techPage.getByRole('region', { name: 'Messages' });
  await expect(techThread.getByText('No messages yet.')).toBeVisible();
  await techThread.getByLabel('Your message').fill('On my way after lunch. Is the car unlocked?');
  await techThread.getByRole('button', { name: 'Send' }).click();

  // The customer's open page shows it (live), and an e-mail points back to the thread.
  await expect(
    customerThread.getByText('On my way after lunch. Is the car unlocked?'),
  ).toBeVisible();
  await expect
    .poll(async () =>
      (await mailbox()).find((m: Mail) => m.to === email && m.template === 'job_message'),
    )
    .toBeTruthy();

  await customerThread.getByLabel('Your message').fill('Yes, keys are under the mat.');
  await customerThread.getByRole('button', { name: 'Send' }).click();
  await expect(techThread.getByText('Yes, keys are under the mat.')).toBeVisible();
  await expect(techThread.getByText('Maya ·', { exact: false })).toBeVisible();
  // The technician's page read it: the customer sees their message marked read.
  await expect(
    customerThread.getByRole('listitem').filter({ hasText: 'keys are under the mat' }),
  ).toContainText('Read');
});

/**
 * A customer reports a technician's message from the thread; the admin finds that conversation,
 * whole, under Reported Conversations (and no conversation nobody reported).
 */
test('a customer reports a message and an admin reads that conversation', async ({
  page,
  signedInContext,
}) => {
  const stamp = Date.now();
  const created = await guestRequestThroughApi(page.request, {
    customerName: 'Remy Report',
    email: `remy${stamp}@example.com`,
    phoneNumber: '301-555-0145',
    vehicleInfo: '2014 Ford Fiesta',
    issueDescription: `Clutch slips ${stamp}`,
  });
  const tech = await signedInContext('technician');
  await acceptThroughApi(tech, created.id);
  const offer = `Pay me cash and skip the app fees ${stamp}`;
  const sent = await tech.request.post(`/api/service-requests/${created.reference}/messages`, {
    data: { message: offer },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  await page.goto(created.requestPath);
  const thread = page.getByRole('region', { name: 'Messages' });
  await expect(thread.getByText(offer)).toBeVisible();
  await thread.getByRole('button', { name: /^Report the message from/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this message' });
  await dialog.getByRole('button', { name: 'Report message' }).click();
  await expect(dialog.getByText('Please say what is wrong with this message')).toBeVisible();
  await dialog.getByLabel('What is wrong').fill('Asks me to pay off the platform');
  await dialog.getByRole('button', { name: 'Report message' }).click();
  await expect(dialog).toBeHidden();
  await expect(thread.getByText('Reported', { exact: true })).toBeVisible();

  const admin = await signedInContext('admin');
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin-dashboard');
  // Its own tab, whose name does not contain the Contact Us tab's ('Messages').
  await adminPage.getByRole('tab', { name: 'Reported Conversations' }).click();
  await expect(adminPage.getByRole('tab', { name: 'Messages' })).toHaveCount(1);
  const conversation = adminPage.getByRole('region', {
    name: `Conversation on ${created.reference}`,
  });
  await expect(conversation.getByText(offer)).toBeVisible();
  await expect(conversation.getByText(/Asks me to pay off the platform/)).toBeVisible();
});
