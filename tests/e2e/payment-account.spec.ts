import { expect, test } from './fixtures';

/*
 * A technician's own payment account (ADR 030): connected from the profile through the
 * provider's consent page (the built-in sandbox's here), then customers' cards are charged on
 * it; without one the point of sale says how to connect.
 */

test('a technician connects their sandbox account, takes a card payment and downloads the receipt PDF', async ({
  approvedTechnician,
}) => {
  const { context } = await approvedTechnician({
    prefix: 'connect',
    plan: 'Professional',
    paymentAccount: false,
  });
  const page = await context.newPage();

  // Without an account, the card option says how to connect one.
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Process Payment' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Connect your payment account' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: /Process Payment/ })).toBeDisabled();

  await page.goto('/technician-profile');
  const card = page.getByRole('region', { name: 'Payment Account' });
  await expect(card).toContainText('No account connected yet');
  await card.getByRole('link', { name: /Connect Sandbox/ }).click();
  // The provider's consent page, then back on the profile.
  await expect(page.getByRole('heading', { name: 'Sandbox Payments' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/technician-profile$/);
  await expect(card.getByRole('status')).toContainText('account is connected');
  // The outcome is in view at once, though the card sits below the profile form.
  await expect(card.getByRole('status')).toBeInViewport();
  await expect(card).toContainText('Connected');

  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Process Payment' }).click();
  await page.getByLabel('Amount ($)').fill('1500');
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /Process Payment \$1,500\.00/ }).click();
  await expect(page.getByText('Payment Successful')).toBeVisible();

  await page.getByRole('tab', { name: 'Receipts' }).click();
  const receipt = page.getByTestId('receipt').first();
  await expect(receipt).toContainText('$1,500.00');
  const href = (await receipt.getByRole('link', { name: /Download PDF/ }).getAttribute('href'))!;
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Disconnecting stops card payments again.
  await page.goto('/technician-profile');
  await card.getByRole('button', { name: 'Disconnect' }).click();
  await card.getByRole('button', { name: /Disconnect Sandbox/ }).click();
  await expect(card).toContainText('No account connected yet');
});
