import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';

test('plans: Premium is most popular and each button carries plan and price', async ({ page }) => {
  await page.goto('/subscription-plans');
  const premium = page.getByTestId('plan').filter({ hasText: 'Premium' });
  await expect(premium.getByText('Most Popular')).toBeVisible();
  await expect(premium.getByText('$4.99')).toBeVisible();
  await expect(premium.getByRole('link', { name: 'Choose Premium' })).toHaveAttribute(
    'href',
    '/payment-selection?plan=Premium&price=4.99',
  );
  await expect(page.getByText(/No setup fees/)).toBeVisible();
  await page.goto('/payment-selection');
  await expect(page.getByText('Loading payment options...')).toBeVisible();
});

test('a technician subscribes to Premium by card, sees it in history, exports CSV and unlocks the paid repair tool', async ({
  approvedTechnician,
}) => {
  const { context } = await approvedTechnician({ prefix: 'billing' });
  const page = await context.newPage();
  await page.goto('/repair-software');
  // The paid tool (Basic and up) is locked without a plan; every entry links to its page.
  const paidTool = page.getByTestId('software').filter({ hasText: 'VIN Decoder' });
  await expect(paidTool.getByRole('link', { name: 'VIN Decoder: Basic plan' })).toBeVisible();

  await page.goto('/platform-payment');
  await page
    .getByTestId('plan')
    .filter({ hasText: 'Premium' })
    .getByRole('link', { name: 'Choose Premium' })
    .click();
  await expect(page).toHaveURL(/\/payment-selection\?plan=Premium&price=4\.99$/);
  await expect(page.getByText('$4.99')).toBeVisible();
  await page.getByRole('button', { name: 'Pay with Card' }).click();
  const submit = page.getByRole('button', { name: /Subscribe for \$4\.99\/month/ });
  await expect(submit).toBeEnabled();
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVV').fill('123');
  await submit.click();
  await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
  await page.getByLabel('Cardholder Name').fill('Dana Second');
  // A double click is one payment attempt: one charge.
  await submit.dblclick();
  await expect(page.getByText('Subscription Activated')).toBeVisible();
  await expect(page).toHaveURL(/\/platform-payment\?success=true$/);
  await expect(page.getByText('Payment successful!')).toBeVisible();
  await expect(page.getByTestId('current-plan')).toContainText('Current Plan: Premium');

  await page.goto('/payment-history');
  await expect(page.getByTestId('payment-row')).toHaveCount(1);
  const row = page.getByTestId('payment-row').first();
  await expect(row).toContainText('Premium plan - monthly subscription');
  await expect(row).toContainText('$4.99');
  await expect(row.getByText('Paid')).toBeVisible();
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export History' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('payment-history.csv');

  await page.goto('/repair-software');
  await expect(paidTool.getByRole('link', { name: 'Open VIN Decoder' })).toBeVisible();
  await expect(page.getByRole('link', { name: /download/i })).toHaveCount(0);
  await context.close();
});

/** Puts a new technician (`context`, signed in, no plan) on a plan by card, through the API. */
async function subscribe(context: BrowserContext, planName: string, planPrice: number) {
  const tok = await context.request.post('/api/payments/sandbox/tokenize', {
    data: { number: '4111 1111 1111 1111', expiry: '12/34', cvv: '123' },
  });
  const sub = await context.request.post('/api/square/create-subscription', {
    data: {
      sourceId: ((await tok.json()) as { token: string }).token,
      planName,
      planPrice,
      cardholderName: 'Dana Plan',
      idempotencyKey: `e2e-${planName}-${Date.now()}`,
    },
  });
  expect(sub.status()).toBe(200);
}

test('on Professional, choosing Premium schedules the change: no charge, plan kept', async ({
  approvedTechnician,
}) => {
  const { context } = await approvedTechnician({ prefix: 'billing' });
  await subscribe(context, 'Professional', 6.99);
  const page = await context.newPage();
  await page.goto('/platform-payment');
  await expect(page.getByTestId('current-plan')).toContainText('Current Plan: Professional');
  await page
    .getByTestId('plan')
    .filter({ hasText: 'Premium' })
    .getByRole('button', { name: 'Choose Premium' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Change to Premium?' });
  await expect(dialog.getByText(/Nothing is charged now\./)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Upgrade Now/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Change at Next Billing Cycle' }).click();
  await expect(
    page.getByText('Your plan changes to Premium at the next billing cycle.'),
  ).toBeVisible();
  const current = page.getByTestId('current-plan');
  await expect(current).toContainText('Current Plan: Professional');
  await expect(current).toContainText(/Changes to Premium on/);

  // The payment page for another plan offers the same change, not a second purchase.
  await page.goto('/payment-selection?plan=Basic&price=2.99');
  await expect(page.getByText('You are on the Professional plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay with Card' })).toHaveCount(0);

  await page.goto('/payment-history');
  await expect(page.getByTestId('payment-row')).toHaveCount(1);
  await page.goto('/pos-system');
  await expect(page.getByRole('tab', { name: 'Process Payment' })).toBeVisible();
  await context.close();
});

test('an upgrade takes effect now only after confirming the prorated amount', async ({
  approvedTechnician,
}) => {
  const { context } = await approvedTechnician({ prefix: 'billing' });
  await subscribe(context, 'Premium', 4.99);
  const page = await context.newPage();
  await page.goto('/subscription-plans');
  await page
    .getByTestId('plan')
    .filter({ hasText: 'Professional' })
    .getByRole('button', { name: 'Choose Professional' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Change to Professional?' });
  await expect(dialog.getByTestId('upgrade-now')).toContainText(
    /\$\d+\.\d{2} is charged now to your card on file/,
  );
  const confirm = dialog.getByRole('button', { name: /^Upgrade Now for \$\d+\.\d{2}$/ });
  const label = (await confirm.textContent())!;
  const amount = /\$(\d+\.\d{2})/.exec(label)![1]!;
  await confirm.click();
  await expect(page.getByText('Plan Upgraded')).toBeVisible();
  await page.goto('/platform-payment');
  await expect(page.getByTestId('current-plan')).toContainText('Current Plan: Professional');
  await page.goto('/payment-history');
  await expect(page.getByTestId('payment-row')).toHaveCount(2);
  const row = page.getByTestId('payment-row').first();
  await expect(row).toContainText('Professional plan - prorated upgrade from Premium');
  await expect(row).toContainText(`$${amount}`);
  await context.close();
});

test('a declined card shows Payment Failed', async ({ approvedTechnician }) => {
  const { context } = await approvedTechnician({ prefix: 'billing' });
  const page = await context.newPage();
  await page.goto('/payment-selection?plan=Basic&price=2.99');
  await page.getByRole('button', { name: 'Pay with Card' }).click();
  await page.getByLabel('Cardholder Name').fill('Declined Dan');
  await page.getByLabel('Card Number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /Subscribe for/ }).click();
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page).toHaveURL(/\/payment-selection/);
  await context.close();
});

test('paying with the wallet returns with method=paypal', async ({ approvedTechnician }) => {
  const { context } = await approvedTechnician({ prefix: 'billing' });
  const page = await context.newPage();
  await page.goto('/payment-selection?plan=Professional&price=6.99');
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await page.getByRole('button', { name: 'Approve Payment' }).click();
  await expect(page).toHaveURL(/\/platform-payment\?success=true&method=paypal$/);
  await expect(page.getByTestId('current-plan')).toContainText('Professional');
  await page.getByRole('button', { name: 'Cancel Plan' }).click();
  await expect(page.getByText(/Ends on/)).toBeVisible();
  await context.close();
});

test('the software catalogue filters and says when nothing matches', async ({ page }) => {
  await page.goto('/repair-software');
  await expect(page.getByTestId('software').first()).toBeVisible();
  await page.getByLabel('Search').fill('zzzz-nothing');
  await expect(page.getByText('No software found')).toBeVisible();
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Plan').selectOption('Free');
  for (const card of await page.getByTestId('software').all())
    await expect(card.getByText('Free', { exact: true })).toBeVisible();
});

test("the admin dashboard's Payments tab lists every technician's payments", async ({
  signedInContext,
}) => {
  const admin = await signedInContext('admin');
  const page = await admin.newPage();
  await page.goto('/admin-dashboard');
  await page.getByRole('tab', { name: 'Payments' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Payments' });
  await expect(panel.getByText('Marcus Johnson').first()).toBeVisible();
  await expect(panel.getByText('Professional plan - monthly subscription').first()).toBeVisible();
  await admin.close();
});

test('payment history pages through the whole history with the server totals', async ({
  page,
  signIn,
}) => {
  // The demo technician's year of payments: more than one page of 10.
  await signIn();
  const all = (await (await page.request.get('/api/payment/history/1?pageSize=50')).json()) as {
    amount: number;
    status: string;
  }[];
  expect(all.length).toBeGreaterThan(10);
  const cents = (status: string) =>
    all.filter((p) => p.status === status).reduce((t, p) => t + Math.round(p.amount * 100), 0);
  const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;

  await page.goto('/payment-history');
  const rows = page.getByTestId('payment-row');
  await expect(rows).toHaveCount(Math.min(20, all.length));
  await page.getByLabel('Rows per page').selectOption('10');
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId('history-range')).toHaveText(
    `Showing 1–10 of ${all.length} · Page 1 of ${Math.ceil(all.length / 10)}`,
  );
  // The cards count every payment, not the page's rows.
  const totals = async () => {
    await expect(page.getByTestId('summary-total-transactions')).toContainText(String(all.length));
    await expect(page.getByTestId('summary-total-paid')).toContainText(dollars(cents('succeeded')));
    await expect(page.getByTestId('summary-pending')).toContainText(dollars(cents('processing')));
  };
  await totals();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('history-range')).toContainText('Showing 11–');
  await expect(rows).toHaveCount(Math.min(10, all.length - 10));
  await totals();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(rows).toHaveCount(10);
});
