import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { readPdf } from '../helpers/pdf';
import { expect, test, type Mail } from './fixtures';

/**
 * A customer pays a job's invoice with PayPal into the technician's own account, on a phone,
 * through the built-in sandbox wallet (demo mode): the wallet's dialog stands for PayPal's
 * window, the server makes and captures the order.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A real 1x1 PNG as a data URL: what the signature canvas sends. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

type Created = { id: number; reference: string; requestPath: string };

/** A guest's request the demo technician (Hyattsville, Diagnostics) is offered in round 1. */
async function guestRequest(request: APIRequestContext, email: string): Promise<Created> {
  const res = await request.post('/api/service-requests', {
    data: {
      customerName: 'Paula Paypal',
      email,
      phoneNumber: '301-555-0144',
      vehicleInfo: '2017 Subaru Outback',
      serviceType: 'Diagnostics',
      location: 'Hyattsville, MD',
      issueDescription: `Battery drains overnight ${Date.now()}`,
      urgency: 'medium',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Created;
}

/** The demo technician accepts the request's pending notification. */
async function acceptAsTechnician(tech: BrowserContext, requestId: number) {
  const me = await (await tech.request.get('/api/auth/current-user')).json();
  let notificationId = 0;
  await expect(async () => {
    const res = await tech.request.get(`/api/job-notifications/technician/${me.technicianId}`);
    const list = (await res.json()) as {
      id: number;
      status: string;
      serviceRequest: { id: number };
    }[];
    notificationId =
      list.find((n) => n.serviceRequest.id === requestId && n.status === 'pending')?.id ?? 0;
    expect(notificationId).toBeGreaterThan(0);
  }).toPass({ timeout: 5000 });
  const accepted = await tech.request.patch(`/api/job-notifications/${notificationId}/accept`);
  expect(accepted.status()).toBe(200);
}

test('a customer pays the invoice with the sandbox PayPal wallet and sees it paid with a receipt', async ({
  page,
  signedInContext,
  mailbox,
}) => {
  const email = `paula${Date.now()}@example.com`;
  const created = await guestRequest(page.request, email);
  const tech = await signedInContext('technician');
  await acceptAsTechnician(tech, created.id);

  // The technician's quote, signed on their device, and its invoice of $80.00 (Hyattsville,
  // Maryland: labor is not taxed).
  const quoteRes = await tech.request.post('/api/quotes', {
    data: {
      customerName: 'Paula Paypal',
      serviceRequestId: created.id,
      items: [{ type: 'labor', description: 'Charging system test', quantity: 1, unitPrice: 80 }],
    },
  });
  expect(quoteRes.status(), await quoteRes.text()).toBe(201);
  const quote = (await quoteRes.json()) as { id: number };
  const approved = await tech.request.patch(`/api/quotes/${quote.id}/approve`, {
    data: { signature: SIGNATURE, version: 1 },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const invoiceRes = await tech.request.post('/api/invoices', { data: { quoteId: quote.id } });
  expect(invoiceRes.status(), await invoiceRes.text()).toBe(201);

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
