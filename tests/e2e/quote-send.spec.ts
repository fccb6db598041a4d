import { expect, test } from './fixtures';

/**
 * The quote form starts from the job and the technician's own rate; a saved quote is a draft
 * until 'Send to customer', and sending again resends the same link.
 */
test("a job's quote starts at the technician's rate, stays a draft when saved, is sent once and resent with the same link", async ({
  page,
  signIn,
  mailbox,
}) => {
  await signIn('technician');
  const me = (await (await page.request.get('/api/technicians/me')).json()) as {
    hourlyRate: string;
  };
  const jobs = (await (await page.request.get('/api/jobs')).json()) as {
    active: { reference: string; serviceType: string }[];
  };
  const job = jobs.active[0]!;

  await page.goto(`/pos-system?job=${job.reference}`);
  await expect(page.getByLabel('Notes')).toHaveValue(new RegExp(`^${job.serviceType}: `));
  await page.getByRole('button', { name: 'Add Labor' }).click();
  await expect(page.getByLabel('Rate per Hour')).toHaveValue(Number(me.hourlyRate).toFixed(2));
  await expect(page.getByLabel('Labor description')).toHaveValue(`${job.serviceType} labor`);
  const customer = `Send Once ${Date.now()}`;
  const email = `send-once-${Date.now()}@example.com`;
  await page.getByLabel('Customer Name *').fill(customer);
  await page.getByLabel('Customer Email').fill(email);
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(page.getByText('Quote Created')).toBeVisible();

  // Saved: a draft, and nothing went to the customer.
  const quote = page.getByTestId('quote').filter({ hasText: customer });
  await expect(quote.getByText('draft', { exact: true })).toBeVisible();
  await expect(quote.getByText('Not sent to the customer yet.')).toBeVisible();
  const mailsTo = async () => (await mailbox()).filter((m) => m.to === email);
  expect(await mailsTo()).toHaveLength(0);

  await quote.getByRole('button', { name: 'Send to customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to customer' });
  await expect(dialog.getByLabel('Customer Email')).toHaveValue(email);
  await dialog.getByRole('button', { name: 'Send to customer' }).click();
  await expect(page.getByText('Quote sent', { exact: true })).toBeVisible();
  await expect(quote.getByText('sent', { exact: true })).toBeVisible();
  await expect(quote.getByText('Sent to the customer: waiting for their signature.')).toBeVisible();
  await expect.poll(async () => (await mailsTo()).length).toBe(1);
  const link = /\/quote-approval\/[\w-]+/.exec((await mailsTo())[0]!.text)![0];

  // Sending again is a resend of the same link, and the dialog says so.
  await quote.getByRole('button', { name: 'Resend to customer' }).click();
  const again = page.getByRole('dialog', { name: 'Resend to customer' });
  await expect(again.getByText(/the customer gets the same link again/)).toBeVisible();
  await again.getByRole('button', { name: 'Resend to customer' }).click();
  await expect(page.getByText('Quote sent again', { exact: true })).toBeVisible();
  await expect.poll(async () => (await mailsTo()).length).toBe(2);
  const mails = await mailsTo();
  expect(mails.map((m) => /\/quote-approval\/[\w-]+/.exec(m.text)![0])).toEqual([link, link]);
  await expect(quote.getByText('sent', { exact: true })).toBeVisible();
});
