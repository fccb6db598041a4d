import AxeBuilder from '@axe-core/playwright';
import { readPdf } from '../helpers/pdf';
import {
  acceptThroughApi,
  expect,
  guestRequestThroughApi,
  invoiceThroughApi,
  test,
  type Mail,
} from './fixtures';

/**
 * A customer pays a job's invoice with PayPal into the technician's own account, on a phone,
 * through the built-in sandbox wallet (demo mode): the wallet's dialog stands for PayPal's
 * window, the server makes and captures the order.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('a customer pays the invoice with the sandbox PayPal wallet and sees it paid with a receipt', async ({
  page,
  signedInContext,
  mailbox,
}) => {
  const email = `paula${Date.now()}@example.com`;
  const created = await guestRequestThroughApi(page.request, {
    customerName: 'Paula Paypal',
    email,
    phoneNumber: '301-555-0144',
    vehicleInfo: '2017 Subaru Outback',
    issueDescription: `Battery drains overnight ${Date.now()}`,
  });
  const tech = await signedInContext('technician');
  await acceptThroughApi(tech, created.id);

  // The technician's quote, signed on their device, and its invoice of $80.00 (Hyattsville,
  // Maryland: labor is not taxed).
  await invoiceThroughApi(tech, created.id, 'Paula Paypal', {
    description: 'Charging system test',
    unitPrice: 80,
  });

  // The demo technician's sandbox account takes PayPal: offered beside the card.
  await page.goto(created.requestPath);
  await expect(page.getByRole('button', { name: 'Pay $80.00 by card' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay $80.00 with PayPal' }).click();
  const panel = page.getByRole('region', { name: /^Pay invoice INV-.* with PayPal$/ });
  const tips = panel.getByRole('group', { name: 'Add a tip for your technician' });
  await expect(tips.getByRole('radio', { name: 'No tip' })).toBeChecked();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  await tips.getByRole('radio', { name: '10% $8.00' }).check();
  await expect(panel.getByTestId('paypal-total')).toHaveText('$88.00');

  // The wallet's window: approving pays the technician.
  await panel.getByRole('button', { name: 'Continue to PayPal: $88.00' }).click();
  const wallet = page.getByRole('dialog', { name: 'Sandbox Wallet' });
  await expect(wallet).toContainText('Approve a payment of $88.00 to your technician');
  await wallet.getByRole('button', { name: 'Approve Payment' }).click();
  await expect(wallet).toBeHidden();
  await expect(
    page.getByText(
      /^Paid \$80\.00 and a tip of \$8\.00 \(\$88\.00 in all\) with PayPal\. Receipt R-\d{4}-\d+\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expect(page.getByRole('button', { name: /with PayPal|by card/ })).toHaveCount(0);

  // The receipt: listed, downloadable, and e-mailed by itself.
  const receipts = page.getByRole('region', { name: 'Receipts' });
  await expect(receipts.getByText('+ $8.00 tip')).toBeVisible();
  const download = receipts.getByRole('link', { name: /^Download PDF of R-/ });
  const pdf = await page.request.get((await download.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  const { text } = await readPdf(await pdf.body());
  expect(text).toMatch(/Method\s+PayPal \(sandbox\)/);
  expect(text).toMatch(/Amount paid\s+\$80\.00/);
  expect(text).toMatch(/Tip\s+\$8\.00/);
  expect(text).toMatch(/Balance due\s+\$0\.00/);
  await expect(async () => {
    const mails: Mail[] = await mailbox();
    expect(mails.some((m) => m.to === email && m.template === 'job_receipt')).toBe(true);
  }).toPass({ timeout: 10_000 });
});
