import { readFileSync } from 'node:fs';
import { expect, signOnPad, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('quote with labor and parts, signature, invoice, cash payment and receipt on a phone', async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto('/pos-system');
  await expect(page.getByRole('heading', { name: 'Point of Sale System' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(
    page.getByText('Please fill in customer name and add at least one item.'),
  ).toBeVisible();

  const customer = `Robin Roadside ${Date.now()}`;
  await page.getByLabel('Customer Name *').fill(customer);
  await page.getByLabel('Customer Email').fill('robin@example.com');
  await page.getByLabel('Year').fill('2014');
  await page.getByLabel('Make').fill('Honda');
  await page.getByLabel('Model').fill('Accord');
  // A standalone quote asks where the work is: its sales tax applies (Maryland: parts only).
  await page.getByLabel('Place of Work (ZIP code, town or address)').fill('Bowie, MD 20715');
  await expect(page.getByTestId('tax-jurisdiction')).toHaveText(
    'Maryland: 6% on parts; labor is not taxed',
  );
  await page.getByRole('button', { name: 'Add Labor' }).click();
  await page.getByLabel('Labor description').fill('Alternator replacement');
  await page.getByLabel('Labor Hours').fill('2');
  await page.getByLabel('Rate per Hour').fill('90');
  await page.getByRole('button', { name: 'Add Part' }).click();
  await page.getByLabel('Part description').fill('Alternator');
  await page.getByLabel('Part Number').fill('ALT-220');
  await page.getByLabel('Unit Price').fill('189.99');
  await expect(page.getByTestId('item-total').first()).toHaveText('$180.00');
  await expect(page.getByTestId('labor-total')).toHaveText('$180.00');
  await expect(page.getByTestId('parts-total')).toHaveText('$189.99');
  // 6% of the parts' 189.99 = 11.3994: $11.40; the labor is not taxed; total 381.39.
  await expect(page.getByText('Sales tax, Maryland (6% on parts)')).toBeVisible();
  await expect(page.getByTestId('tax-amount')).toHaveText('$11.40');
  await expect(page.getByTestId('total-amount')).toHaveText('$381.39');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(page.getByText('Quote Created')).toBeVisible();

  // Manage Quotes: the new quote is in view and focused. Sign on the canvas.
  const quote = page.getByTestId('quote').filter({ hasText: customer });
  await expect(quote).toBeFocused();
  await expect(quote).toBeInViewport();
  await expect(quote.getByText('draft')).toBeVisible();
  await quote.getByRole('button', { name: 'Get Signature' }).click();
  await signOnPad(page);
  await page.getByRole('button', { name: 'Approve Quote' }).click();
  await expect(page.getByText('Quote Approved')).toBeVisible();
  await expect(quote.getByText('approved')).toBeVisible();
  await expect(quote.getByRole('button', { name: 'Get Signature' })).toHaveCount(0);
  // The signature's audit trail shows on the quote: who signed which version, where, from what.
  const audit = quote.getByTestId('signature-audit');
  await expect(audit).toContainText(`Signed by ${customer} on version 1`);
  await audit.getByText(/Signed by/).click();
  await expect(audit).toContainText("on the technician's device");
  await expect(audit.getByText(/^[0-9a-f]{64}$/)).toBeVisible();

  await quote.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Invoice Created')).toBeVisible();
  const invoice = page.getByTestId('invoice').filter({ hasText: customer });
  await expect(invoice).toContainText('Total $381.39');
  await invoice.getByRole('button', { name: 'Take Payment' }).click();

  await expect(page.getByLabel('Amount ($)')).toHaveValue('381.39');
  await page.getByLabel('Payment Method').selectOption('cash');
  await page.getByRole('button', { name: /Process Payment/ }).click();
  await expect(page.getByText('Payment Recorded')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Receipts' })).toHaveAttribute('data-state', 'active');
  const receipt = page.getByTestId('receipt').filter({ hasText: customer });
  await expect(receipt).toContainText('$381.39');
  await expect(receipt.getByText('Paid')).toBeVisible();
  await receipt.getByRole('button', { name: 'Email Receipt' }).click();
  await expect(page.getByText('Receipt Emailed')).toBeVisible();
  await receipt.getByRole('link', { name: 'View Receipt' }).click();
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByText('Alternator replacement')).toBeVisible();
  await expect(page.getByTestId('receipt-labor')).toHaveText('$180.00');
  await expect(page.getByTestId('receipt-parts')).toHaveText('$189.99');
  await expect(page.getByTestId('receipt-tax')).toHaveText('$11.40');
  await expect(page.getByText(/^R-\d{4}-\d{6,}$/)).toBeVisible();
  await expect(page.getByText('$0.00')).toBeVisible();

  // Printed, the receipt stands alone: no header, footer, chat button or controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open chat helper' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The receipt as a PDF: served as one, and downloaded by the link.
  const pdfLink = page.getByRole('link', { name: /Download PDF/ });
  const href = (await pdfLink.getAttribute('href'))!;
  expect(href).toMatch(/^\/api\/pos\/receipts\/\d+\/pdf$/);
  const served = await page.request.get(href);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const download = page.waitForEvent('download');
  await pdfLink.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^R-\d{4}-\d{6,}\.pdf$/);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // Nothing overflows the phone's width.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
});

test('the Process Payment button needs an amount above 0; a declined card is a failed attempt, not a receipt', async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Process Payment' }).click();
  const button = page.getByRole('button', { name: /Process Payment/ });
  await expect(button).toBeDisabled();
  await page.getByLabel('Amount ($)').fill('25');
  await expect(page.getByLabel('Card Number')).toHaveAttribute('maxlength', '19');
  // The technician's point of sale states what a card costs them.
  await expect(page.getByTestId('processing-fee')).toHaveText(
    'Card processing fee: 2.9% + 30 cents per transaction.',
  );
  await expect(page.getByLabel('Expiry')).toHaveAttribute('maxlength', '5');
  await expect(page.getByLabel('CVV')).toHaveAttribute('maxlength', '4');
  await page.getByLabel('Card Number').fill('4000000000000002');
  await expect(page.getByLabel('Card Number')).toHaveValue('4000 0000 0000 0002');
  // The expiry reads MM/YY as it is typed.
  await page.getByLabel('Expiry').pressSequentially('1234');
  await expect(page.getByLabel('Expiry')).toHaveValue('12/34');
  await page.getByLabel('CVV').fill('123');
  await button.click();
  await expect(page.getByText('Payment Failed')).toBeVisible();
  const declined = page.getByRole('status').filter({ hasText: 'Declined:' });
  await expect(declined).toContainText('No money was taken');
  await expect(declined).not.toContainText(/R-\d{4}-\d{6,}/);
  const receiptLink = declined.getByRole('link', { name: 'View Attempt' });
  const receiptUrl = (await receiptLink.getAttribute('href'))!;
  expect(receiptUrl).toMatch(/^\/pos-system\/receipts\/\d+$/);

  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await button.click();
  await expect(page.getByText('Payment Successful')).toBeVisible();
  await expect(page.getByLabel('Amount ($)')).toBeHidden();

  // The declined attempt names the card; it has no receipt number, nothing to print or download.
  await page.goto(receiptUrl);
  await expect(page.getByRole('heading', { name: 'Failed Payment Attempt' })).toBeVisible();
  await expect(page.getByTestId('receipt-card')).toHaveText('Visa ending in 0002');
  await expect(page.getByText('Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Card declined')).toBeVisible();
  await expect(page.getByText(/^R-\d{4}-\d{6,}$/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Download PDF/ })).toHaveCount(0);
});

test('a card payment keeps one idempotency key across retries and double clicks', async ({
  page,
  signIn,
}) => {
  await signIn();
  const keys: string[] = [];
  let failNext = true;
  await page.route('**/api/pos/card-payments', async (route) => {
    keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
    // The first attempt is lost on the way (a dropped connection): the retry must reuse its key.
    if (failNext) {
      failNext = false;
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Process Payment' }).click();
  const button = page.getByRole('button', { name: /Process Payment/ });
  await page.getByLabel('Amount ($)').fill('12');
  await page.getByLabel('Card Number').fill('4000000000000002');
  await expect(page.getByLabel('Card Number')).toHaveValue('4000 0000 0000 0002');
  // The expiry reads MM/YY as it is typed.
  await page.getByLabel('Expiry').pressSequentially('1234');
  await expect(page.getByLabel('Expiry')).toHaveValue('12/34');
  await page.getByLabel('CVV').fill('123');
  await button.click();
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(button).toBeEnabled();
  await button.dblclick();
  await expect(page.getByRole('status').filter({ hasText: 'Declined:' })).toBeVisible();
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys).size).toBe(1);

  // A decline is definitive: the next try is a new attempt with a new key.
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await button.click();
  await expect(page.getByText('Payment Successful')).toBeVisible();
  expect(new Set(keys).size).toBe(2);
});

test('the customer approves an e-mailed quote on their own device, on the version they saw', async ({
  page,
  browser,
  signIn,
  mailbox,
}) => {
  await signIn();
  const customer = `Remote Customer ${Date.now()}`;
  const body = (unitPrice: number) => ({
    customerName: customer,
    items: [{ type: 'labor', description: 'Diagnostic', quantity: 1, unitPrice }],
    // In the District: 7% on labor too.
    workLocation: '20001',
  });
  const created = await page.request.post('/api/quotes', { data: body(75) });
  expect(created.status()).toBe(201);
  const quoteId = ((await created.json()) as { id: number }).id;
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Manage Quotes' }).click();
  const quote = page.getByTestId('quote').filter({ hasText: customer });
  await quote.getByRole('button', { name: 'Send to customer' }).click();
  const email = `remote-${Date.now()}@example.com`;
  await page.getByLabel('Customer Email').fill(email);
  await page.getByRole('dialog').getByRole('button', { name: 'Send to customer' }).click();
  await expect(page.getByText('Quote sent', { exact: true })).toBeVisible();

  const linkTo = async (email: string, count: number) => {
    let mails: Awaited<ReturnType<typeof mailbox>> = [];
    await expect
      .poll(async () => (mails = (await mailbox()).filter((m) => m.to === email)).length)
      .toBeGreaterThanOrEqual(count);
    // Newest first.
    return /\/quote-approval\/[\w-]+/.exec(mails[0]!.text)![0];
  };
  const first = await linkTo(email, 1);

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(first);
  await expect(phone.getByText('$80.25').first()).toBeVisible();
  await expect(phone.getByText('Version 1')).toBeVisible();

  // The technician changes the quote while the customer has it open: the signature on the
  // version they saw is refused, and the old link says why.
  const edited = await page.request.put(`/api/quotes/${quoteId}`, { data: body(9000) });
  expect(edited.status()).toBe(200);
  await signOnPad(phone);
  await phone.getByRole('button', { name: 'Approve Quote' }).click();
  await expect(
    phone.getByText(/This quote changed after this link was sent/).first(),
  ).toBeVisible();

  // The new link, e-mailed on the edit, shows the new version; signing it approves.
  const second = await linkTo(email, 2);
  expect(second).not.toBe(first);
  await phone.goto(second);
  await expect(phone.getByText('Version 2')).toBeVisible();
  // $9,000 and the District's 7%.
  await expect(phone.getByText('$9,630.00').first()).toBeVisible();
  await signOnPad(phone);
  await phone.getByRole('button', { name: 'Approve Quote' }).click();
  await expect(phone.getByText('Quote approved. Thank you!')).toBeVisible();
  await expect(phone.getByTestId('signature-audit')).toContainText('on version 2');

  await page.reload();
  await page.getByRole('tab', { name: 'Manage Quotes' }).click();
  await expect(quote.getByRole('button', { name: 'Create Invoice' })).toBeVisible();
  const audit = quote.getByTestId('signature-audit');
  await expect(audit).toContainText(`Signed by ${customer} on version 2`);
  await audit.getByText(/Signed by/).click();
  await expect(audit).toContainText('through the e-mailed link');
  await phone.close();
});

test('technicians without the Professional plan see what it adds', async ({
  approvedTechnician,
}) => {
  // A fresh technician, approved by the admin: no plan yet.
  const { context } = await approvedTechnician({ prefix: 'posless' });
  const page = await context.newPage();
  await page.goto('/pos-system');
  await expect(page.getByText('Professional plan required')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See Plans' })).toHaveAttribute(
    'href',
    '/platform-payment',
  );
  await context.close();
});
