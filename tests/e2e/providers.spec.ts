import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { subscriptions, technicians, users } from '../../src/server/db/schema';
import { connectPaymentAccount } from '../helpers/factories';
import { seedDemoData } from '../../src/server/seed/seed';
import { startPayPalStandIn } from '../helpers/paypal-stand-in';
import { SQUARE_NONCES, startSquareStandIn } from '../helpers/square-stand-in';
import { expect, test } from './fixtures';

/**
 * The payment pages with Square and PayPal configured: a second app instance whose provider
 * APIs are local stand-ins. The providers' browser SDKs cannot be downloaded here, so their
 * script addresses are answered with small doubles that follow the SDKs' documented shapes
 * (Square.payments().card().attach/tokenize; paypal.Buttons({ createOrder, onApprove })).
 */
const FAKE_SQUARE_JS = `
window.Square = {
  payments(applicationId, locationId) {
    if (!applicationId.startsWith('sandbox-')) {
      const e = new Error('The applicationId is for the production environment');
      e.name = 'ApplicationIdEnvironmentMismatchError';
      throw e;
    }
    return {
      async card() {
        let input;
        return {
          async attach(selector) {
            input = document.createElement('input');
            input.setAttribute('aria-label', 'Square card number');
            document.querySelector(selector).appendChild(input);
          },
          async tokenize() {
            return input.value.replace(/\\s/g, '') === '4000000000000002'
              ? { status: 'OK', token: '${SQUARE_NONCES.declined}' }
              : { status: 'OK', token: '${SQUARE_NONCES.ok}' };
          },
          async destroy() { return true; },
        };
      },
    };
  },
};`;

const FAKE_PAYPAL_JS = `
window.paypal = {
  Buttons(options) {
    return {
      async render(selector) {
        const button = document.createElement('button');
        button.textContent = 'PayPal Checkout';
        button.onclick = async () => { window.__paypalOrderId = await options.createOrder(); };
        window.__paypalApprove = () => options.onApprove({ orderID: window.__paypalOrderId });
        document.querySelector(selector).appendChild(button);
      },
    };
  },
};`;

let app: FastifyInstance;
let base: string;
let dataDir: string;
let square: Awaited<ReturnType<typeof startSquareStandIn>>;
let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;

/** Starts the app with Square's `applicationId`; `again` reopens the data already seeded. */
async function startProviderApp(applicationId: string, again = false) {
  if (!again) dataDir = mkdtempSync(path.join(tmpdir(), 'wrenchly-providers-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'true',
    DATA_DIR: dataDir,
    CARD_PROVIDER: 'square',
    SQUARE_ACCESS_TOKEN: square.token,
    SQUARE_APPLICATION_ID: applicationId,
    SQUARE_LOCATION_ID: 'LOC1',
    SQUARE_BASE_URL: square.baseUrl,
    WALLET_PROVIDER: 'paypal',
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_BASE_URL: paypal.baseUrl,
  });
  app = await buildApp(
    { ...config, clientDir: path.resolve('dist/client') },
    { backgroundJobs: false },
  );
  if (!again) {
    await seedDemoData(app.db);
    // The demo technician's own Square account (connected in the demo to the sandbox only).
    const [demo] = await app.db
      .select({ id: technicians.id })
      .from(technicians)
      .innerJoin(users, eq(users.id, technicians.userId))
      .where(eq(users.username, 'technician'));
    await connectPaymentAccount(app, demo!.id, { merchantId: 'MERCHANT_DEMO' });
  }
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}

test.beforeAll(async () => {
  // A second app of its own, migrated and seeded with the demo's year of data: on a busy
  // machine (CI runs the journeys beside the API suites) that alone can take a minute.
  test.setTimeout(120_000);
  square = await startSquareStandIn();
  paypal = await startPayPalStandIn();
  await startProviderApp('sandbox-sq0idb-wrenchly');
});
test.afterAll(async () => {
  await app?.close();
  await square?.close();
  await paypal?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Ends every plan in this app: a technician with a live plan changes it rather than buying a
 * second one, and these journeys buy plans.
 */
async function withoutPlans() {
  await app.db
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: new Date() })
    .where(ne(subscriptions.status, 'canceled'));
}

/** No plans, and the providers' SDK doubles; the caller signs the demo technician in. */
async function technicianPage(page: Page) {
  await withoutPlans();
  await page.route('https://sandbox.web.squarecdn.com/v1/square.js', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_SQUARE_JS }),
  );
  await page.route('https://www.paypal.com/sdk/js**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_PAYPAL_JS }),
  );
}

test('subscribing through the Square card form charges through Square', async ({
  page,
  signIn,
}) => {
  await technicianPage(page);
  await signIn('technician', { base });
  await page.goto(`${base}/payment-selection?plan=Basic&price=2.99`);
  await page.getByRole('button', { name: 'Pay with Card' }).click();
  await page.getByLabel('Cardholder Name').fill('Marcus Johnson');
  await page.getByLabel('Square card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: /Subscribe for \$2\.99\/month/ }).click();
  await expect(page.getByText('Payment Failed')).toBeVisible();
  // The reason stands by the Subscribe button too, until the next attempt.
  await expect(page.locator('form').getByRole('alert')).toHaveText('The card was declined');

  await page.getByLabel('Square card number').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: /Subscribe for \$2\.99\/month/ }).click();
  await expect(page.getByText('Subscription Activated')).toBeVisible();
  await expect(page).toHaveURL(/\/platform-payment\?success=true$/);
  const charge = square.requests.find(
    (r) => r.path === '/v2/payments' && r.body.source_id !== SQUARE_NONCES.declined,
  );
  expect(charge?.body.amount_money).toEqual({ amount: 299, currency: 'USD' });
});

test('paying with the PayPal buttons captures through PayPal', async ({ page, signIn }) => {
  await technicianPage(page);
  await signIn('technician', { base });
  await page.goto(`${base}/payment-selection?plan=Premium&price=4.99`);
  await page.getByRole('button', { name: 'PayPal Checkout' }).click();
  const orderId = await page.waitForFunction(
    () => (window as unknown as { __paypalOrderId?: string }).__paypalOrderId,
  );
  paypal.approve((await orderId.jsonValue())!);
  await page.evaluate(() =>
    (window as unknown as { __paypalApprove: () => Promise<void> }).__paypalApprove(),
  );
  await expect(page).toHaveURL(/\/platform-payment\?success=true&method=paypal$/);
  await expect(page.getByTestId('current-plan')).toContainText('Premium');
});

test('the point of sale takes a card through the Square card form', async ({ page, signIn }) => {
  await technicianPage(page);
  await signIn('technician', { base });
  // The earlier tests put the demo technician on other plans (ended above): Professional now.
  const sub = await page.request.post(`${base}/api/square/create-subscription`, {
    data: {
      sourceId: SQUARE_NONCES.ok,
      planName: 'Professional',
      planPrice: 6.99,
      cardholderName: 'Marcus Johnson',
      idempotencyKey: `e2e-pro-${Date.now()}`,
    },
  });
  expect(sub.status()).toBe(200);
  await page.goto(`${base}/pos-system`);
  await page.getByRole('tab', { name: 'Process Payment' }).click();
  await page.getByLabel('Amount ($)').fill('42.50');
  await page.getByLabel('Square card number').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: /Process Payment/ }).click();
  await expect(page.getByText('Payment Successful')).toBeVisible();
  const charge = square.requests.find(
    (r) => r.path === '/v2/payments' && (r.body.amount_money as { amount: number }).amount === 4250,
  );
  expect(charge?.body.source_id).toBe(SQUARE_NONCES.ok);
});

test('a Square application id for the wrong environment shows the Payment Setup Error', async ({
  page,
  signIn,
}) => {
  // The app again on its data, with a production application id.
  await app.close();
  await startProviderApp('sq0idp-production-app', true);
  await technicianPage(page);
  await signIn('technician', { base });
  await page.route('https://web.squarecdn.com/v1/square.js', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_SQUARE_JS }),
  );
  await page.goto(`${base}/payment-selection?plan=Basic&price=2.99`);
  await page.getByRole('button', { name: 'Pay with Card' }).click();
  await expect(page.getByText('Payment Setup Error')).toBeVisible();
  await expect(
    page.getByText(
      'Your Square credentials are for a different environment. Please verify your Application ID matches your account type.',
    ),
  ).toBeVisible();
});
