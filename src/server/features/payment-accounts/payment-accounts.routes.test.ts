import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../../../../tests/helpers/build-test-app';
import {
  connectPaymentAccount,
  createTechnician,
  signIn,
  subscribeTechnician,
} from '../../../../tests/helpers/factories';
import { startPayPalStandIn } from '../../../../tests/helpers/paypal-stand-in';
import { SQUARE_NONCES, startSquareStandIn } from '../../../../tests/helpers/square-stand-in';
import { CARD_ACCOUNT_REQUIRED } from '@shared/schemas/payments';
import { invoicePayments, paymentConnections, paymentOauthStates } from '../../db/schema';
import { refreshConnectedAccounts } from './payment-accounts.refresh';

// Technicians' own payment accounts (ADR 030): connected through the provider's consent page,
// customers' card payments charged there, never on the platform's account.

type Inject = Awaited<ReturnType<TestApp['app']['inject']>>;

/** A Professional technician who has not connected an account yet. */
async function technician(t: TestApp) {
  const { user, technician } = await createTechnician(t.app, { paymentAccount: false });
  await subscribeTechnician(t.app, technician.id, 'Professional');
  return { cookie: await signIn(t.app, user.username!), technicianId: technician.id };
}

const get = (t: TestApp, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const location = (res: Inject) => String(res.headers.location ?? '');
const stateOf = (url: string) => new URL(url, 'http://x').searchParams.get('state')!;

/** Through the sandbox's consent page to the callback's answer (not followed). */
async function connectThroughSandbox(t: TestApp, cookie: string, decision = 'allow') {
  const callback = await sandboxCallback(t, cookie, decision);
  return { callback, answer: await get(t, callback, cookie) };
}

/** Through the sandbox's consent page to the callback URL it sends back (not opened). */
async function sandboxCallback(t: TestApp, cookie: string, decision = 'allow') {
  const start = await get(t, '/api/payments/connect/sandbox', cookie);
  expect(start.statusCode, start.body).toBe(302);
  const consent = location(start);
  expect(consent).toMatch(/^\/api\/payments\/sandbox\/consent\?/);
  const page = await get(t, consent);
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expect(page.body).toContain('Allow');
  const q = new URL(consent, 'http://x').searchParams;
  const decided = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/consent',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      state: q.get('state')!,
      redirect_uri: q.get('redirect_uri')!,
      decision,
    }).toString(),
  });
  expect(decided.statusCode, decided.body).toBe(303);
  const callback = location(decided);
  expect(callback).toMatch(/^\/api\/payments\/callback\/sandbox\?/);
  return callback;
}

const cardToken = async (t: TestApp) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/tokenize',
      payload: { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' },
    })
  ).json().token as string;

describe('connecting a sandbox account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('connects through the consent page and lists the account; its token is stored encrypted', async () => {
    const tech = await technician(t);
    const { answer } = await connectThroughSandbox(t, tech.cookie);
    expect(answer.statusCode, answer.body).toBe(302);
    expect(location(answer)).toBe('/technician-profile?payments=connected&provider=sandbox');
    const list = await get(t, '/api/payments/connections', tech.cookie);
    expect(list.statusCode).toBe(200);
    const { connections, cardProvider } = list.json();
    expect(cardProvider).toBe('sandbox');
    expect(connections).toEqual([
      expect.objectContaining({
        provider: 'sandbox',
        status: 'connected',
        takesCards: true,
        merchantId: expect.stringMatching(/^sbx_merchant_/),
      }),
    ]);
    const [row] = await t.app.db
      .select()
      .from(paymentConnections)
      .where(eq(paymentConnections.technicianId, tech.technicianId));
    expect(row!.accessTokenEnc).toMatch(/^v1\./);
    expect(row!.accessTokenEnc).not.toContain('sbx_at_');
  });

  it('refuses a replayed state (400), another technician’s (403) and an unknown one, storing nothing', async () => {
    const tech = await technician(t);
    const { callback, answer } = await connectThroughSandbox(t, tech.cookie);
    expect(answer.statusCode).toBe(302);
    const replay = await get(t, callback, tech.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/unknown, used or expired/);

    // A state given to one technician, brought back by another.
    const victim = await technician(t);
    const attacker = await technician(t);
    const start = await get(t, '/api/payments/connect/sandbox', victim.cookie);
    const state = stateOf(location(start));
    const foreign = await get(
      t,
      `/api/payments/callback/sandbox?code=whatever&state=${state}`,
      attacker.cookie,
    );
    expect(foreign.statusCode).toBe(403);
    const unknown = await get(
      t,
      '/api/payments/callback/sandbox?code=x&state=made-up',
      victim.cookie,
    );
    expect(unknown.statusCode).toBe(400);
    for (const id of [victim.technicianId, attacker.technicianId]) {
      const rows = await t.app.db
        .select()
        .from(paymentConnections)
        .where(eq(paymentConnections.technicianId, id));
      expect(rows).toEqual([]);
    }
  });

  it('spends no state on another technician: the owner’s callback still connects afterwards', async () => {
    const victim = await technician(t);
    const attacker = await technician(t);
    const callback = await sandboxCallback(t, victim.cookie);
    // The victim's callback link, opened by someone else first.
    const foreign = await get(t, callback, attacker.cookie);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('This connection was started by another account.');
    const [state] = await t.app.db
      .select()
      .from(paymentOauthStates)
      .where(eq(paymentOauthStates.state, stateOf(callback)));
    expect(state!.usedAt).toBeNull();
    const own = await get(t, callback, victim.cookie);
    expect(own.statusCode, own.body).toBe(302);
    expect(location(own)).toBe('/technician-profile?payments=connected&provider=sandbox');
    const rows = await t.app.db
      .select()
      .from(paymentConnections)
      .where(eq(paymentConnections.technicianId, attacker.technicianId));
    expect(rows).toEqual([]);
  });

  it('goes back to the profile with the reason when the technician denies', async () => {
    const tech = await technician(t);
    const { answer } = await connectThroughSandbox(t, tech.cookie, 'deny');
    expect(answer.statusCode).toBe(302);
    expect(location(answer)).toMatch(/^\/technician-profile\?payments=error&message=/);
    expect((await get(t, '/api/payments/connections', tech.cookie)).json().connections).toEqual([]);
  });

  it('sends only to this site’s callback from the consent page (no open redirect)', async () => {
    const res = await get(
      t,
      '/api/payments/sandbox/consent?state=abc&redirect_uri=https%3A%2F%2Fevil.example%2Fcb',
    );
    expect(res.statusCode).toBe(400);
  });

  it('is for signed-in technicians', async () => {
    expect((await get(t, '/api/payments/connect/sandbox')).statusCode).toBe(401);
    expect((await get(t, '/api/payments/connections')).statusCode).toBe(401);
    expect(
      (await get(t, '/api/payments/connect/stripe', (await technician(t)).cookie)).statusCode,
    ).toBe(400);
  });

  it('charges a customer’s card on the technician’s own account, and refuses 409 without one', async () => {
    const tech = await technician(t);
    const pay = (key: string) =>
      cardToken(t).then((sourceId) =>
        t.app.inject({
          method: 'POST',
          url: '/api/square/create-payment',
          headers: { cookie: tech.cookie },
          payload: { amount: 42, sourceId, idempotencyKey: key },
        }),
      );
    const refused = await pay('no-account-0001');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CARD_ACCOUNT_REQUIRED);
    // Cash still works without an account.
    const cash = await t.app.inject({
      method: 'POST',
      url: '/api/pos/payments',
      headers: { cookie: tech.cookie },
      payload: { amount: 10, method: 'cash', idempotencyKey: 'cash-no-account-1' },
    });
    expect([200, 201]).toContain(cash.statusCode);

    await connectThroughSandbox(t, tech.cookie);
    const paid = await pay('with-account-0001');
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.idempotencyKey, `pos:${tech.technicianId}:with-account-0001`));
    const [conn] = await t.app.db
      .select()
      .from(paymentConnections)
      .where(eq(paymentConnections.technicianId, tech.technicianId));
    expect(row!.merchantId).toBe(conn!.merchantId);
    expect(t.app.payments.sandbox!.chargedTo(row!.providerPaymentId!)).toBe(conn!.merchantId);
  });

  it('disconnects: the account is forgotten and cards are refused again', async () => {
    const tech = await technician(t);
    await connectThroughSandbox(t, tech.cookie);
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/payments/connections/sandbox',
      headers: { cookie: tech.cookie },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: 'disconnected', disconnectReason: 'technician' });
    const [row] = await t.app.db
      .select()
      .from(paymentConnections)
      .where(eq(paymentConnections.technicianId, tech.technicianId));
    expect(row!.accessTokenEnc).toBeNull();
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/payments/connections/sandbox',
      headers: { cookie: tech.cookie },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('connecting a Square account (OAuth against a stand-in of Square)', () => {
  let t: TestApp;
  let square: Awaited<ReturnType<typeof startSquareStandIn>>;
  beforeAll(async () => {
    square = await startSquareStandIn();
    t = await buildTestApp({
      config: {
        cardProvider: 'square',
        publicUrl: 'https://wrenchly.test',
        square: {
          accessToken: square.token,
          applicationId: square.oauth.clientId,
          locationId: 'LOC1',
          environment: 'sandbox',
          baseUrl: square.baseUrl,
        },
        accounts: {
          ...testConfig().accounts,
          squareApplicationSecret: square.oauth.clientSecret,
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await square.close();
  });

  it('exchanges the code with the SDK, stores the seller and its location, and charges with the seller’s token', async () => {
    const tech = await technician(t);
    const start = await get(t, '/api/payments/connect/square', tech.cookie);
    expect(start.statusCode).toBe(302);
    const authorize = new URL(location(start));
    expect(authorize.pathname).toBe('/oauth2/authorize');
    expect(authorize.searchParams.get('client_id')).toBe(square.oauth.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'https://wrenchly.test/api/payments/callback/square',
    );
    expect(authorize.searchParams.get('scope')).toContain('PAYMENTS_WRITE');
    // Square's consent page approves and sends the technician back with a code.
    const consent = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const answer = await get(t, `${back.pathname}${back.search}`, tech.cookie);
    expect(answer.statusCode, answer.body).toBe(302);
    expect(location(answer)).toBe('/technician-profile?payments=connected&provider=square');
    const [conn] = await t.app.db
      .select()
      .from(paymentConnections)
      .where(eq(paymentConnections.technicianId, tech.technicianId));
    expect(conn).toMatchObject({ provider: 'square', status: 'connected' });
    expect(conn!.merchantId).toMatch(/^MERCHANT_/);
    expect(conn!.locationId).toBe(`${conn!.merchantId}-LOC`);
    expect(conn!.expiresAt!.getTime()).toBeGreaterThan(Date.now());

    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/square/create-payment',
      headers: { cookie: tech.cookie },
      payload: { amount: 80, sourceId: SQUARE_NONCES.ok, idempotencyKey: 'square-seller-1' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const charge = square.requests.filter((r) => r.path === '/v2/payments').at(-1)!;
    expect(charge.merchant).toBe(conn!.merchantId);
    expect(charge.body.location_id).toBe(conn!.locationId);

    // A refund goes back through the same seller's account.
    // The card form for paying this technician is their own location's; others get the
    // platform's.
    const form = await get(t, `/api/payments/config?technicianId=${tech.technicianId}`);
    expect(form.json().card).toMatchObject({ provider: 'square', locationId: conn!.locationId });
    const platform = await get(t, '/api/payments/config');
    expect(platform.json().card.locationId).toBe('LOC1');
    expect((await get(t, '/api/payments/config?technicianId=abc')).statusCode).toBe(400);

    const [row] = await t.app.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.idempotencyKey, `pos:${tech.technicianId}:square-seller-1`));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/pos/payments/${row!.id}/refund`,
      headers: { cookie: tech.cookie },
      payload: { idempotencyKey: 'square-seller-refund-1' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(square.requests.filter((r) => r.path === '/v2/refunds').at(-1)!.merchant).toBe(
      conn!.merchantId,
    );
  });

  it('refreshes a token before it expires, and revokes with the application secret on disconnect', async () => {
    const tech = await technician(t);
    const start = await get(t, '/api/payments/connect/square', tech.cookie);
    const consent = await fetch(location(start), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    await get(t, `${back.pathname}${back.search}`, tech.cookie);
    const [before] = await t.app.db
      .select()
      .from(paymentConnections)
      .where(eq(paymentConnections.technicianId, tech.technicianId));
    // Three weeks on, the token is due for a refresh.
    t.clock.advance(24 * 86_400_000);
    const refreshed = await refreshConnectedAccounts(t.app);
    expect(refreshed.refreshed).toBeGreaterThanOrEqual(1);
    const [after] = await t.app.db
      .select()
      .from(paymentConnections)
      .where(eq(paymentConnections.technicianId, tech.technicianId));
    expect(after!.accessTokenEnc).not.toBe(before!.accessTokenEnc);

    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/payments/connections/square',
      headers: { cookie: tech.cookie },
    });
    expect(off.statusCode).toBe(200);
    expect(square.oauth.revoked).toContain(before!.merchantId);
    const revokeCall = square.requests.filter((r) => r.path === '/oauth2/revoke').at(-1)!;
    expect(revokeCall.authorization).toBe(`Client ${square.oauth.clientSecret}`);
  });

  it('keeps states to their technician and use: a used state never connects again', async () => {
    const tech = await technician(t);
    const start = await get(t, '/api/payments/connect/square', tech.cookie);
    const state = stateOf(location(start));
    const [row] = await t.app.db
      .select()
      .from(paymentOauthStates)
      .where(eq(paymentOauthStates.state, state));
    expect(row).toMatchObject({ technicianId: tech.technicianId, provider: 'square' });
    // A state past its ten minutes is refused.
    t.clock.advance(11 * 60_000);
    const late = await get(t, `/api/payments/callback/square?code=x&state=${state}`, tech.cookie);
    expect(late.statusCode).toBe(400);
  });

  it('a technician connected by the factory keeps working (platform token stand-in)', async () => {
    const { technician: tech } = await createTechnician(t.app, { paymentAccount: false });
    await connectPaymentAccount(t.app, tech.id);
    const [row] = await t.app.db
      .select()
      .from(paymentConnections)
      .where(eq(paymentConnections.technicianId, tech.id));
    expect(row!.provider).toBe('square');
  });
});

describe('connecting a PayPal account (partner onboarding against a stand-in of PayPal)', () => {
  let t: TestApp;
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    t = await buildTestApp({
      config: {
        walletProvider: 'paypal',
        publicUrl: 'https://wrenchly.test',
        paypal: { ...paypal.config, partnerMerchantId: 'PARTNER-WRENCHLY' },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  /** The technician starts connecting: the onboarding link PayPal made for them. */
  async function referral(cookie: string) {
    const start = await get(t, '/api/payments/connect/paypal', cookie);
    expect(start.statusCode, start.body).toBe(302);
    expect(location(start)).toMatch(/\/bizsignup\/partner\/entry\?referralToken=/);
    return location(start);
  }
  /** The callback as the browser opens it on this site. */
  const callbackOf = (returned: URL) => {
    expect(`${returned.origin}${returned.pathname}`).toBe(
      'https://wrenchly.test/api/payments/callback/paypal',
    );
    return `${returned.pathname}${returned.search}`;
  };
  const paypalRows = (technicianId: number) =>
    t.app.db
      .select()
      .from(paymentConnections)
      .where(
        and(
          eq(paymentConnections.technicianId, technicianId),
          eq(paymentConnections.provider, 'paypal'),
        ),
      );
  /** A technician with a PayPal seller account connected: its merchant id. */
  async function connected() {
    const tech = await technician(t);
    const returned = await paypal.onboard(await referral(tech.cookie));
    const answer = await get(t, callbackOf(returned), tech.cookie);
    expect(answer.statusCode, answer.body).toBe(302);
    expect(location(answer)).toBe('/technician-profile?payments=connected&provider=paypal');
    return { ...tech, merchantId: returned.searchParams.get('merchantIdInPayPal')! };
  }

  it('connects the seller PayPal onboarded from this technician’s referral', async () => {
    const tech = await connected();
    expect(paypal.merchants.get(tech.merchantId)!.trackingId).toBe(
      `technician-${tech.technicianId}`,
    );
    expect(await paypalRows(tech.technicianId)).toEqual([
      expect.objectContaining({ status: 'connected', merchantId: tech.merchantId }),
    ]);
    const check = paypal.requests.filter((r) =>
      r.path.endsWith(`/merchant-integrations/${tech.merchantId}`),
    );
    expect(check).toHaveLength(1);
    expect(check[0]!.path).toBe(
      `/v1/customer/partners/PARTNER-WRENCHLY/merchant-integrations/${tech.merchantId}`,
    );
  });

  it('refuses another seller’s merchant id put in the return URL (403), attaching nothing', async () => {
    const victim = await connected();
    const attacker = await technician(t);
    // The attacker goes through their own onboarding, then names the victim's account.
    const returned = await paypal.onboard(await referral(attacker.cookie));
    returned.searchParams.set('merchantIdInPayPal', victim.merchantId);
    const forged = await get(t, callbackOf(returned), attacker.cookie);
    expect(forged.statusCode, forged.body).toBe(403);
    expect(forged.json().message).toMatch(/not the one PayPal onboarded for you/);
    expect(await paypalRows(attacker.technicianId)).toEqual([]);
    expect(await paypalRows(victim.technicianId)).toEqual([
      expect.objectContaining({ status: 'connected', merchantId: victim.merchantId }),
    ]);
  });

  it('refuses a seller account connected to another technician (409), attaching nothing', async () => {
    const first = await connected();
    const second = await technician(t);
    // The same PayPal seller signs in through the second technician's referral.
    const returned = await paypal.onboard(await referral(second.cookie), { as: first.merchantId });
    const answer = await get(t, callbackOf(returned), second.cookie);
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().message).toMatch(/already connected to another technician/);
    expect(await paypalRows(second.technicianId)).toEqual([]);
    expect(await paypalRows(first.technicianId)).toEqual([
      expect.objectContaining({ status: 'connected', merchantId: first.merchantId }),
    ]);
  });
});
