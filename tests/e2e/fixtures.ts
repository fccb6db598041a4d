import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

/**
 * The helpers the journeys share, as Playwright fixtures: every spec imports `test` and `expect`
 * from here. Contexts the helpers open are closed after the test even when it fails early.
 */

export { expect };

/** The password of every demo account (admin, technician, customer). */
export const DEMO_PASSWORD = 'wrenchly-demo';

// Real file bytes: the server checks each upload's content signature.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

/** Draws a signature across the on-screen signature pad with the mouse. */
export async function signOnPad(page: Page) {
  const pad = page.getByLabel('Signature pad');
  // The mouse draws at the pad's place on the screen, as a finger would: it must be in view.
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? 20 : -20));
  await page.mouse.up();
}

/**
 * Waits until the document is live: a page the browser renders (no list of files for the app to
 * take the server's markup over) is at once; a server-rendered one once it has hydrated (the
 * app's `wrenchly:hydrated` mark). Before that its buttons are the server's markup, and a click
 * on one may not reach React.
 */
const untilLive = (page: Page) =>
  page.waitForFunction(
    (filesId) =>
      !document.getElementById(filesId) ||
      performance.getEntriesByName('wrenchly:hydrated').length > 0,
    'wrenchly-files',
    // An interval, not animation frames: a journey may have installed a fake clock.
    { polling: 100 },
  );

const liveContexts = new WeakSet<BrowserContext>();

/**
 * Every page of the context, once `goto` or `reload` returns, is live: a journey's next click
 * reaches React, never the server's markup while its code is still loading. A journey about
 * what happens before that (the held early clicks) navigates with `waitUntil: 'commit'`, which
 * is left as it is.
 */
export function liveNavigation(context: BrowserContext) {
  if (liveContexts.has(context)) return context;
  liveContexts.add(context);
  const wrap = (page: Page) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const res = await goto(url, options);
      if (options?.waitUntil !== 'commit') await untilLive(page);
      return res;
    };
    page.reload = async (options) => {
      const res = await reload(options);
      if (options?.waitUntil !== 'commit') await untilLive(page);
      return res;
    };
  };
  context.pages().forEach(wrap);
  context.on('page', wrap);
  return context;
}

type PendingNotification = { id: number; status: string; serviceRequest: { id: number } };

/**
 * The technician's pending notification of a request, once dispatch has made it (it runs after
 * the request's answer, so it is awaited).
 */
export async function pendingNotification(
  request: APIRequestContext,
  technicianId: number,
  requestId: number,
): Promise<PendingNotification> {
  let notification: PendingNotification | undefined;
  await expect(async () => {
    const list = await request.get(`/api/job-notifications/technician/${technicianId}`);
    notification = ((await list.json()) as PendingNotification[]).find(
      (n) => n.serviceRequest.id === requestId && n.status === 'pending',
    );
    expect(notification).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return notification!;
}

/** The technician signed in on `tech` accepts the request's pending notification through the API. */
export async function acceptThroughApi(tech: BrowserContext, requestId: number) {
  const me = await tech.request.get('/api/auth/current-user');
  const { technicianId } = (await me.json()) as { technicianId: number };
  const notification = await pendingNotification(tech.request, technicianId, requestId);
  const accepted = await tech.request.patch(`/api/job-notifications/${notification.id}/accept`);
  expect(accepted.status()).toBe(200);
}

/** A real 1x1 PNG as a data URL: what the signature canvas sends. */
export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A request made through the API, with the guest's signed link to its page. */
export type CreatedRequest = { id: number; reference: string; requestPath: string };

/**
 * A guest's Diagnostics request in Hyattsville, MD, made through the API: the demo technician's
 * specialty and area, so they are offered it in round 1.
 */
export async function guestRequestThroughApi(
  request: APIRequestContext,
  guest: {
    customerName: string;
    email: string;
    phoneNumber: string;
    vehicleInfo: string;
    issueDescription: string;
  },
): Promise<CreatedRequest> {
  const res = await request.post('/api/service-requests', {
    data: { ...guest, serviceType: 'Diagnostics', location: 'Hyattsville, MD', urgency: 'medium' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CreatedRequest;
}

/**
 * A guest's request (as guestRequestThroughApi) accepted by the technician on `tech`, with an
 * arrival window they proposed `daysAhead` days out (clear of anything else they have) and the
 * guest confirmed: the job is scheduled. `move` makes a further move, as the technician or, with
 * `asGuest`, as the guest through the request's link.
 */
export async function scheduledJobThroughApi(
  page: Page,
  tech: BrowserContext,
  guest: Parameters<typeof guestRequestThroughApi>[1],
  daysAhead: number,
) {
  const created = await guestRequestThroughApi(page.request, guest);
  await acceptThroughApi(tech, created.id);
  const move = async (data: Record<string, unknown>, asGuest = false) => {
    const url = `/api/service-requests/${created.reference}/moves`;
    const res = asGuest
      ? await page.request.post(`${url}?${created.requestPath.split('?')[1]}`, { data })
      : await tech.request.post(url, { data });
    expect(res.status(), await res.text()).toBe(200);
  };
  const start = new Date(Date.now() + daysAhead * 86_400_000);
  await move({
    move: 'propose_window',
    windowStart: start.toISOString(),
    windowEnd: new Date(start.getTime() + 2 * 3600_000).toISOString(),
  });
  await move({ move: 'confirm_window' }, true);
  return { created, move };
}

/**
 * The technician signed in on `tech` writes a quote of one labor line for the request, the
 * customer signs it on the technician's device, and the technician invoices it, through the API.
 */
export async function invoiceThroughApi(
  tech: BrowserContext,
  serviceRequestId: number,
  customerName: string,
  labor: { description: string; unitPrice: number },
) {
  const quoteRes = await tech.request.post('/api/quotes', {
    data: {
      customerName,
      serviceRequestId,
      items: [{ type: 'labor', quantity: 1, ...labor }],
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
}

/** One message of the demo outbox, as GET /api/dev/mailbox returns it. */
export type Mail = { to: string; subject: string; text: string; template: string };

type ApprovedTechnicianOptions = {
  /** The username starts with this; a time stamp makes it unique. */
  prefix?: string;
  /** More registration fields (names, location, specialties). */
  data?: Record<string, unknown>;
  /** The context to register and sign in; a new one when left out. */
  context?: BrowserContext;
  /** A plan bought by card through the API (dispatch matches only technicians with one). */
  plan?: PlanName;
  /**
   * Connect their own (sandbox) payment account, as a technician who takes cards has: true
   * unless the journey is about connecting one.
   */
  paymentAccount?: boolean;
  /**
   * Certified: a license and an insurance added by the technician and verified by the admin
   * (dispatch reaches only certified technicians, ADR 033); true unless the journey is about
   * credentials.
   */
  credentials?: boolean;
};

/**
 * The technician signed in on `tech` adds a license and an insurance through the API, and the
 * admin signed in on `admin` verifies both, noting the registry and the reference (ADR 033).
 */
export async function certifyThroughApi(tech: APIRequestContext, admin: APIRequestContext) {
  const me = (await (await tech.get('/api/auth/current-user')).json()) as { technicianId: number };
  const kinds = [
    ['license', "Maryland Driver's License", 'Maryland MVA', 'Maryland MVA driver license lookup'],
    ['insurance', 'General Liability Insurance', 'State Farm', 'State Farm policy verification'],
  ] as const;
  for (const [verificationType, credentialName, issuingOrganization, checkedRegistry] of kinds) {
    const added = await tech.post('/api/verifications', {
      data: {
        technicianId: me.technicianId,
        verificationType,
        credentialName,
        issuingOrganization,
      },
    });
    expect(added.status()).toBe(201);
    const { id } = (await added.json()) as { id: number };
    const verified = await admin.patch(`/api/verifications/${id}/status`, {
      data: { status: 'verified', checkedRegistry, checkedReference: `E2E-${id}` },
    });
    expect(verified.status()).toBe(200);
  }
}

/**
 * Connects the signed-in technician's own sandbox payment account through the sandbox's consent
 * page, the requests a browser makes: Connect, Allow, back through the callback.
 */
export async function connectSandboxAccount(request: APIRequestContext) {
  const start = await request.get('/api/payments/connect/sandbox', { maxRedirects: 0 });
  expect(start.status()).toBe(302);
  const consent = new URL(start.headers()['location']!, 'http://consent');
  const decided = await request.post('/api/payments/sandbox/consent', {
    form: {
      state: consent.searchParams.get('state')!,
      redirect_uri: consent.searchParams.get('redirect_uri')!,
      decision: 'allow',
    },
    maxRedirects: 0,
  });
  expect(decided.status()).toBe(303);
  const back = await request.get(decided.headers()['location']!, { maxRedirects: 0 });
  expect(back.headers()['location']).toContain('payments=connected');
}

const PLAN_PRICES = { Basic: 2.99, Premium: 4.99, Professional: 6.99 } as const;
export type PlanName = keyof typeof PLAN_PRICES;

/**
 * Puts the technician signed in on `context` on `plan`, paying by the sandbox's good card
 * through the API, as the payment page does (ADR 014: leads need a plan).
 */
export async function subscribeByCard(context: BrowserContext, plan: PlanName) {
  const tok = await context.request.post('/api/payments/sandbox/tokenize', {
    data: { number: '4111 1111 1111 1111', expiry: '12/34', cvv: '123' },
  });
  expect(tok.status()).toBe(200);
  const sub = await context.request.post('/api/square/create-subscription', {
    data: {
      sourceId: ((await tok.json()) as { token: string }).token,
      planName: plan,
      planPrice: PLAN_PRICES[plan],
      cardholderName: 'Dana Plan',
      idempotencyKey: `e2e-${plan}-${Date.now()}-${Math.random()}`,
    },
  });
  expect(sub.status()).toBe(200);
}

type Fixtures = {
  /** Signs `page` in through the API (its cookies carry the session). */
  signIn: (username?: string, options?: { password?: string; base?: string }) => Promise<void>;
  /** A new context whose cookies carry `username`'s session (signed in through the API). */
  signedInContext: (username: string, password?: string) => Promise<BrowserContext>;
  /** A page of a new context signed in as `username`. */
  signedInPage: (username: string, password?: string) => Promise<Page>;
  /** Opens the sign-in dialog (header 'Sign in') on `target` (default `page`) and signs in through it. */
  signInThroughDialog: (username: string, password?: string, target?: Page) => Promise<Locator>;
  /** Fills and submits the already open sign-in dialog of `page`. */
  signInFields: (username: string, password: string) => Promise<void>;
  /** A freshly registered technician, approved by the admin and signed in; no plan unless asked. */
  approvedTechnician: (
    options?: ApprovedTechnicianOptions,
  ) => Promise<{ context: BrowserContext; username: string }>;
  /** The demo outbox, newest first. */
  mailbox: () => Promise<Mail[]>;
  /** The path of the newest link of `template` mailed to `to`, read from the demo mailbox page. */
  linkFromMailbox: (to: string, template: string, pathName: string) => Promise<string>;
};

async function apiSignIn(
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
  origin = '',
) {
  const res = await request.post(`${origin}/api/auth/signin`, { data: { username, password } });
  expect(res.status()).toBe(200);
}

async function submitSignInDialog(page: Page, username: string, password: string) {
  // 'Customer Access' where a customer opened it (a request's page, a customer's screen).
  const dialog = page.getByRole('dialog', { name: /^(Technician|Customer) Access$/ });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  return dialog;
}

export const test = base.extend<Fixtures & { openedContexts: BrowserContext[] }>({
  // Every context a journey opens navigates to live pages: the default one, the helpers' and
  // the ones a journey opens itself (except a context with scripts off, where nothing hydrates).
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        return options?.javaScriptEnabled === false ? context : liveNavigation(context);
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    await use(liveNavigation(context));
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern.
  openedContexts: async ({}, use) => {
    const contexts: BrowserContext[] = [];
    await use(contexts);
    await Promise.all(contexts.map((c) => c.close()));
  },

  signIn: async ({ page }, use) => {
    await use((username = 'technician', options = {}) =>
      apiSignIn(page.request, username, options.password, options.base),
    );
  },

  signedInContext: async ({ browser, openedContexts }, use) => {
    await use(async (username, password) => {
      const context = await browser.newContext();
      openedContexts.push(context);
      await apiSignIn(context.request, username, password);
      return context;
    });
  },

  signedInPage: async ({ signedInContext }, use) => {
    await use(async (username, password) => (await signedInContext(username, password)).newPage());
  },

  signInThroughDialog: async ({ page }, use) => {
    await use(async (username, password = DEMO_PASSWORD, target = page) => {
      await target.getByRole('button', { name: 'Sign in', exact: true }).click();
      return submitSignInDialog(target, username, password);
    });
  },

  signInFields: async ({ page }, use) => {
    await use(async (username, password) => {
      await submitSignInDialog(page, username, password);
    });
  },

  approvedTechnician: async ({ browser, openedContexts, signedInContext }, use) => {
    await use(
      async ({
        prefix = 'tech',
        data = {},
        context,
        plan,
        paymentAccount = true,
        credentials = true,
      } = {}) => {
        if (!context) {
          context = await browser.newContext();
          openedContexts.push(context);
        }
        const username = `${prefix}${Date.now()}${Math.floor(Math.random() * 1000)}`;
        const password = 'a-strong-password';
        const registered = await context.request.post('/api/auth/register', {
          data: { username, email: `${username}@example.com`, password, ...data },
        });
        expect(registered.status()).toBe(201);
        // Registration answers only a message (it does not say whether an account was made).
        const admin = await signedInContext('admin');
        const found = await admin.request.get(`/api/admin/users?search=${username}`);
        const [user] = (await found.json()) as { id: number }[];
        expect((await admin.request.patch(`/api/admin/users/${user!.id}/approve`)).status()).toBe(
          200,
        );
        await apiSignIn(context.request, username, password);
        if (credentials) await certifyThroughApi(context.request, admin.request);
        await admin.close();
        if (plan) await subscribeByCard(context, plan);
        if (paymentAccount) await connectSandboxAccount(context.request);
        return { context, username };
      },
    );
  },

  mailbox: async ({ page }, use) => {
    await use(async () => (await (await page.request.get('/api/dev/mailbox')).json()) as Mail[]);
  },

  linkFromMailbox: async ({ page }, use) => {
    await use(async (to, template, pathName) => {
      let link = '';
      await expect(async () => {
        await page.goto('/dev/mailbox');
        const mail = page
          .locator('article')
          .filter({ hasText: `To: ${to} · ${template}` })
          .first();
        const text = await mail.locator('pre').innerText({ timeout: 1000 });
        link = new RegExp(`/${pathName}#token=[\\w%-]+`).exec(text)?.[0] ?? '';
        expect(link).not.toBe('');
      }).toPass({ timeout: 10_000 });
      return link;
    });
  },
});
