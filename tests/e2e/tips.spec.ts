import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readPdf } from '../helpers/pdf';
import {
  acceptThroughApi,
  expect,
  guestRequestThroughApi,
  invoiceThroughApi,
  test,
} from './fixtures';

/**
 * Customers tip the technician with their card payment, on the request page and at the point of
 * sale, on a phone.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** Serious and critical WCAG 2.1 AA violations on the page as it is now (as tests/e2e/a11y.spec.ts). */
async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a customer pays the invoice with a 15% tip and sees it on the receipt', async ({
  page,
  signedInContext,
}) => {
  const created = await guestRequestThroughApi(page.request, {
    customerName: 'Tina Tipper',
    email: `tina${Date.now()}@example.com`,
    phoneNumber: '301-555-0143',
    vehicleInfo: '2015 Toyota Corolla',
    issueDescription: `Check engine light ${Date.now()}`,
  });
  const tech = await signedInContext('technician');
  await acceptThroughApi(tech, created.id);

  // The technician's quote for the job, signed on their device, and its invoice of $75.00
  // (Hyattsville, Maryland: labor is not taxed).
  await invoiceThroughApi(tech, created.id, 'Tina Tipper', {
    description: 'Engine diagnostics',
    unitPrice: 75,
  });

  await page.goto(created.requestPath);
  await page.getByRole('button', { name: 'Pay $75.00 by card' }).click();
  const form = page.getByRole('form', { name: /^Pay invoice INV-/ });
  const tips = form.getByRole('group', { name: 'Add a tip for your technician' });
  // No tip until the customer picks one: the total is the balance.
  await expect(tips.getByRole('radio', { name: 'No tip' })).toBeChecked();
  await expect(form.getByTestId('pay-total')).toHaveText('$75.00');
  // Each share says what it comes to.
  await expect(tips.getByRole('radio', { name: '20% $15.00' })).toBeVisible();

  // Another amount, more than the invoice: said at once, and nothing can be paid.
  await tips.getByRole('radio', { name: 'Other amount' }).check();
  await form.getByLabel('Tip amount ($)').fill('100');
  await expect(form.getByText('The tip cannot be more than the invoice total')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Pay $75.00', exact: true })).toBeDisabled();
  await expect(form.getByLabel('Tip amount ($)')).toHaveAttribute('aria-invalid', 'true');
  expect(await axe(page)).toEqual([]);

  // 15%: the tip and the new total before paying.
  await tips.getByRole('radio', { name: '15% $11.25' }).check();
  await expect(form.getByLabel('Tip amount ($)')).toBeHidden();
  await expect(form.getByTestId('tip-amount')).toHaveText('$11.25');
  await expect(form.getByTestId('pay-total')).toHaveText('$86.25');
  await form.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await form.getByLabel('Expiry').fill('12/30');
  await form.getByLabel('CVV').fill('123');
  await form.getByRole('button', { name: 'Pay $86.25', exact: true }).click();
  await expect(
    page.getByText(/^Paid \$75\.00 and a tip of \$11\.25 \(\$86\.25 in all\)\. Receipt R-/),
  ).toBeVisible();
  // The tip is the technician's: the invoice counts the $75.00 only.
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
  const receipts = page.getByRole('region', { name: 'Receipts' });
  await expect(receipts.getByText('+ $11.25 tip')).toBeVisible();
  await expect(page.getByText('Payment of $75.00 received with a tip of $11.25')).toBeVisible();

  // The receipt the customer downloads says the tip and the total charged.
  const download = receipts.getByRole('link', { name: /^Download PDF of R-/ });
  const pdf = await page.request.get((await download.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  const { text } = await readPdf(await pdf.body());
  expect(text).toMatch(/Amount paid\s+\$75\.00/);
  expect(text).toMatch(/Tip\s+\$11\.25/);
  expect(text).toMatch(/Total charged\s+\$86\.25/);

  // And the technician's receipt page at the point of sale.
  const detail = (await (
    await page.request.get(created.requestPath.replace('/requests/', '/api/service-requests/'))
  ).json()) as {
    payments: { id: number; tip: string }[];
  };
  const paymentId = detail.payments.find((p) => p.tip === '11.25')!.id;
  const techPage = await tech.newPage();
  await techPage.goto(`/pos-system/receipts/${paymentId}`);
  await expect(techPage.getByTestId('receipt-tip')).toHaveText('$11.25');
  await expect(techPage.getByTestId('receipt-total-charged')).toHaveText('$86.25');
});

test('the technician hands over the point of sale: a 20% tip is charged with the amount', async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Process Payment' }).click();
  await page.getByLabel('Amount ($)').fill('40');
  const tips = page.getByRole('group', { name: 'Add a tip for your technician' });
  await expect(tips.getByRole('radio', { name: 'No tip' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Process Payment $40.00' })).toBeVisible();
  // Without an invoice, a share is of the amount.
  await tips.getByRole('radio', { name: '20% $8.00' }).check();
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Process Payment $48.00' }).click();
  await expect(page.getByText('$48.00 charged to the card.')).toBeVisible();
  // The receipts list the tip on top of the amount.
  await page.getByRole('tab', { name: 'Receipts' }).click();
  await expect(
    page.getByTestId('receipt').filter({ hasText: '$40.00 + $8.00 tip' }).first(),
  ).toBeVisible();
});
