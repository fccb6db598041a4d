import { expect, signOnPad, test } from './fixtures';

// Deposits (ADR 017): the technician asks for one on the quote, the customer pays it
// by card when signing on their own device, and it counts toward the invoice.

test('a deposit paid on remote signature shows on the quote, the invoice and the receipts', async ({
  page,
  browser,
  signIn,
  mailbox,
}) => {
  await signIn();
  await page.goto('/pos-system');
  const customer = `Deposit Customer ${Date.now()}`;
  await page.getByLabel('Customer Name *').fill(customer);
  // In the District, labor is taxed too (7%).
  await page.getByLabel('Place of Work (ZIP code, town or address)').fill('20001');
  await expect(page.getByTestId('tax-jurisdiction')).toHaveText(
    'District of Columbia: 7% on parts; 7% on labor',
  );
  await page.getByRole('button', { name: 'Add Labor' }).click();
  await page.getByLabel('Labor description').fill('Brake job');
  await page.getByLabel('Rate per Hour').fill('100');
  await expect(page.getByTestId('total-amount')).toHaveText('$107.00');
  await page.getByLabel('Deposit', { exact: true }).selectOption('percent');
  await page.getByLabel('Deposit percentage (%)').fill('150');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(
    page.getByText('The deposit percentage must be more than 0 and at most 100', { exact: false }),
  ).toBeVisible();
  await page.getByLabel('Deposit', { exact: true }).selectOption('fixed');
  await page.getByLabel('Deposit amount ($)').fill('30');
  await expect(page.getByTestId('deposit-preview')).toContainText('$30.00');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(page.getByText('Quote Created')).toBeVisible();

  const quote = page.getByTestId('quote').filter({ hasText: customer });
  await expect(quote.getByTestId('quote-deposit')).toHaveText('Deposit: $30.00 (due)');
  await quote.getByRole('button', { name: 'Send to customer' }).click();
  await page.getByLabel('Customer Email').fill('deposit@example.com');
  await page.getByRole('dialog').getByRole('button', { name: 'Send to customer' }).click();
  await expect(page.getByText('Quote sent', { exact: true })).toBeVisible();
  const link = /\/quote-approval\/[\w-]+/.exec(
    (await mailbox()).find((m) => m.to === 'deposit@example.com')!.text,
  )![0];

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(link);
  await expect(phone.getByTestId('quote-deposit')).toHaveText('Deposit: $30.00 (due)');
  await signOnPad(phone);
  const pay = phone.getByRole('button', { name: 'Pay $30.00 Deposit and Approve' });
  await phone.getByLabel('Card Number').fill('4000 0000 0000 0002');
  // The technician's processing fee is not the customer's to read.
  await expect(phone.getByText(/processing fee|2\.9%|30 cents/i)).toHaveCount(0);
  await phone.getByLabel('Expiry').fill('12/34');
  await phone.getByLabel('CVV').fill('123');
  await pay.click();
  // The decline stays said by the approve button (and its toast says it too).
  await expect(phone.getByRole('alert').filter({ hasText: 'Card declined' })).toBeVisible();
  await expect(pay).toHaveAccessibleDescription(/Card declined/);
  await expect(phone.getByText('Quote approved. Thank you!')).toHaveCount(0);
  await phone.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await pay.click();
  await expect(phone.getByText('Quote approved. Thank you!')).toBeVisible();
  await expect(phone.getByTestId('quote-deposit')).toHaveText('Deposit: $30.00 (paid)');
  await phone.close();

  await page.reload();
  await page.getByRole('tab', { name: 'Manage Quotes' }).click();
  await expect(quote.getByTestId('quote-deposit')).toHaveText('Deposit: $30.00 (paid)');
  await quote.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Invoice Created')).toBeVisible();
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const invoice = page.getByTestId('invoice').filter({ hasText: customer });
  await expect(invoice).toContainText('Total $107.00 · Paid $30.00 · Balance $77.00');

  await page.getByRole('tab', { name: 'Receipts' }).click();
  const receipt = page.getByTestId('receipt').filter({ hasText: customer }).first();
  await expect(receipt).toContainText('$30.00 · Card');
  await expect(receipt.getByText('Deposit', { exact: true })).toBeVisible();
});
