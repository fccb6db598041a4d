import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { JOIN_PATH } from '../../src/shared/brand';
import { PATHS } from '../../src/shared/paths';
import { expect, test, type Mail } from './fixtures';

/*
 * Axe on every screen (every route of src/client/app/router.tsx), signed out and
 * as each role, with the dialogs open, at 1280x800 and 360x740: 0 serious or critical violations
 * (and none at all on the three public pages Lighthouse scores).
 *
 * To cover a new screen: add its route to the role's list below (ROUTES_BY_ROLE); a route that is
 * in PATHS and in no list fails the first test. A new dialog: add an opener to the screen's
 * `dialogs` (it opens the dialog and returns it; the scan runs, then Escape closes it).
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const;
type Size = (typeof SIZES)[number];

type Opener = (page: Page, size: Size) => Promise<Locator>;
type Screen = {
  /** The route in PATHS it covers ('*' for the 404 screen). */
  route: string;
  /** Where to go: a fixed path, or found at run time (a seeded record's page). */
  path: string | ((page: Page) => Promise<string>);
  /** Tabs of the screen, each switched to and scanned; the one showing first comes first. */
  tabs?: string[];
  /** Dialogs opened on the screen, each scanned open, then closed with Escape. */
  dialogs?: Record<string, Opener>;
};
type Role = 'visitor' | 'customer' | 'technician' | 'admin';

/** Which dialog is open: the newest one with its title. */
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name }).last();

async function click(page: Page, target: Locator, name: string | RegExp): Promise<Locator> {
  await target.first().click();
  const d = dialog(page, name);
  await expect(d).toBeVisible();
  return d;
}

/** 'Sign in' from the header, or from the mobile menu on a phone. */
const openSignIn: Opener = async (page, size) => {
  if (size.name === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await dialog(page, 'Menu').getByRole('button', { name: 'Sign in', exact: true }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  const d = dialog(page, 'Technician Access');
  await expect(d.getByLabel('Username')).toBeVisible();
  return d;
};

const openMenu: Opener = (page) =>
  click(page, page.getByRole('button', { name: 'Open menu' }), 'Menu');

const openChat: Opener = async (page) => {
  await page.getByRole('button', { name: 'Open chat helper' }).click();
  const chat = page.getByRole('region', { name: 'Chat helper' });
  await expect(chat).toBeVisible();
  return chat;
};

/**
 * Dialogs of the shell (the header's, the footer's, the chat helper), scanned on the visitor's
 * first screen: they are the same for everyone. The mobile menu, whose links differ, is scanned
 * for every role.
 */
const shellDialogs = (role: Role): Record<string, Opener> =>
  role !== 'visitor'
    ? {}
    : {
        'sign-in dialog': openSignIn,
        'register tab': async (page, size) => {
          const d = await openSignIn(page, size);
          await d.getByRole('tab', { name: 'Register' }).click();
          await expect(d.getByLabel('Email *')).toBeVisible();
          return d;
        },
        'mechanic requirements dialog': (page) =>
          click(
            page,
            page.getByRole('contentinfo').getByRole('button', { name: 'Mechanic Requirements' }),
            'Mechanic Requirements',
          ),
        'chat helper': openChat,
      };

/** The href of the first link on `from` whose href starts with `prefix`. */
const firstLink =
  (from: string, prefix: string, before?: (page: Page) => Promise<void>) => async (page: Page) => {
    await page.goto(from);
    await before?.(page);
    const link = page.locator(`main a[href^="${prefix}"]`).first();
    await expect(link).toBeVisible({ timeout: 10_000 });
    return (await link.getAttribute('href'))!;
  };

const technicianProfile = firstLink(PATHS.technicians, '/technician/');

/** A quote's public approval link, as mailed by a technician (set in the visitor test). */
let quoteApprovalLink = '';

const PUBLIC: Screen[] = [
  {
    route: PATHS.home,
    path: PATHS.home,
    dialogs: {
      'find-technician dialog': (page) =>
        click(page, page.getByRole('button', { name: 'Find a Technician' }), 'Find a Technician'),
      'contact dialog': (page) =>
        click(page, page.getByRole('button', { name: 'Contact Mechanic' }), /^Contact /),
    },
  },
  { route: PATHS.howItWorks, path: PATHS.howItWorks },
  {
    route: PATHS.technicians,
    path: PATHS.technicians,
    dialogs: {
      'contact dialog': (page) =>
        click(page, page.getByRole('button', { name: 'Contact Mechanic' }), /^Contact /),
    },
  },
  {
    route: PATHS.technician,
    path: technicianProfile,
    dialogs: {
      'contact dialog': (page) =>
        click(page, page.getByRole('main').getByRole('button', { name: /^Contact / }), /^Contact /),
    },
  },
  { route: PATHS.requestService, path: PATHS.requestService },
  { route: PATHS.repairSoftware, path: PATHS.repairSoftware },
  { route: PATHS.troubleCodes, path: PATHS.troubleCodes },
  { route: PATHS.vinDecoder, path: PATHS.vinDecoder },
  { route: PATHS.maintenanceSchedule, path: PATHS.maintenanceSchedule },
  { route: PATHS.join, path: JOIN_PATH },
  { route: PATHS.subscriptionPlans, path: PATHS.subscriptionPlans },
  { route: PATHS.demoNotifications, path: PATHS.demoNotifications },
  { route: PATHS.accessDemo, path: PATHS.accessDemo },
  { route: PATHS.pricingGuide, path: PATHS.pricingGuide },
  { route: PATHS.safetyTrust, path: PATHS.safetyTrust },
  { route: PATHS.contactUs, path: PATHS.contactUs },
  { route: PATHS.faq, path: PATHS.faq },
  { route: PATHS.termsOfService, path: PATHS.termsOfService },
  { route: PATHS.privacyPolicy, path: PATHS.privacyPolicy },
  { route: PATHS.setPassword, path: `${PATHS.setPassword}#token=not-a-real-token` },
  { route: PATHS.verifyEmail, path: `${PATHS.verifyEmail}#token=not-a-real-token` },
  { route: PATHS.quoteApproval, path: async () => quoteApprovalLink },
  { route: PATHS.request, path: '/requests/WR-000001?t=not-a-real-token' },
  { route: '*', path: '/no/such/page' },
  // Signed out, the signed-in screens say so and offer to sign in (one screen for them all).
  { route: PATHS.posSystem, path: PATHS.posSystem },
  { route: PATHS.myRequests, path: PATHS.myRequests },
];

const CUSTOMER: Screen[] = [
  { route: PATHS.home, path: PATHS.home },
  { route: PATHS.requestService, path: PATHS.requestService },
  { route: PATHS.myRequests, path: PATHS.myRequests },
  { route: PATHS.request, path: firstLink(PATHS.myRequests, '/requests/') },
  {
    route: PATHS.vehicles,
    path: PATHS.vehicles,
    dialogs: {
      'vehicle dialog': (page) =>
        click(
          page,
          page.getByRole('main').getByRole('button', { name: 'Add Vehicle' }),
          'Add Vehicle',
        ),
    },
  },
  { route: PATHS.start, path: PATHS.start },
];

const TECHNICIAN: Screen[] = [
  {
    route: PATHS.technicianNotifications,
    path: PATHS.technicianNotifications,
    dialogs: {
      'job dialog': (page) =>
        click(
          page,
          page.getByRole('region', { name: 'Recently Declined' }).getByRole('button'),
          /./,
        ),
    },
  },
  { route: PATHS.myJobs, path: PATHS.myJobs, tabs: ['Active', 'Past'] },
  { route: PATHS.myJob, path: firstLink(PATHS.myJobs, '/my-jobs/') },
  { route: PATHS.myCustomers, path: PATHS.myCustomers },
  {
    route: PATHS.posSystem,
    path: PATHS.posSystem,
    tabs: [
      'Create Quote',
      'Manage Quotes',
      'Process Payment',
      'Invoices',
      'Receipts',
      'Statements',
    ],
    dialogs: {
      'signature dialog': async (page) => {
        await page.getByRole('tab', { name: 'Manage Quotes' }).click();
        return click(
          page,
          page.getByRole('button', { name: 'Get Signature' }),
          'Customer Signature',
        );
      },
      'email quote dialog': async (page) => {
        await page.getByRole('tab', { name: 'Manage Quotes' }).click();
        // The demo's first quote is a draft: its e-mail action is 'Send to customer'.
        return click(
          page,
          page.getByRole('button', { name: 'Send to customer' }).first(),
          'Send to customer',
        );
      },
    },
  },
  {
    route: PATHS.posReceipt,
    path: firstLink(PATHS.posSystem, '/pos-system/receipts/', async (page) => {
      await page.getByRole('tab', { name: 'Receipts' }).click();
    }),
  },
  { route: PATHS.analytics, path: PATHS.analytics },
  { route: PATHS.subscriptionPlans, path: PATHS.subscriptionPlans },
  { route: PATHS.platformPayment, path: PATHS.platformPayment },
  { route: PATHS.paymentSelection, path: `${PATHS.paymentSelection}?plan=Premium&price=4.99` },
  { route: PATHS.paymentHistory, path: PATHS.paymentHistory },
  { route: PATHS.repairSoftware, path: PATHS.repairSoftware },
  { route: PATHS.troubleCodes, path: PATHS.troubleCodes },
  { route: PATHS.vinDecoder, path: PATHS.vinDecoder },
  { route: PATHS.maintenanceSchedule, path: PATHS.maintenanceSchedule },
  { route: PATHS.technicianProfile, path: PATHS.technicianProfile },
  {
    route: PATHS.technicianVerifications,
    path: PATHS.technicianVerifications,
    dialogs: {
      'add verification dialog': (page) =>
        click(page, page.getByRole('button', { name: 'Add Verification' }), 'Add Verification'),
    },
  },
  { route: PATHS.demoNotifications, path: PATHS.demoNotifications },
];

const ADMIN: Screen[] = [
  {
    route: PATHS.adminDashboard,
    path: PATHS.adminDashboard,
    tabs: [
      'Overview',
      'Verifications',
      'Payments',
      'Technicians',
      'User Management',
      'Service Requests',
      'Messages',
      'Outbox',
      'Audit Log',
    ],
    dialogs: {
      'request detail dialog': async (page) => {
        await page.getByRole('tab', { name: 'Service Requests' }).click();
        const list = page.getByRole('list', { name: 'Service requests' });
        return click(page, list.getByRole('button'), /^WR-/);
      },
    },
  },
  {
    route: PATHS.adminVerifications,
    path: PATHS.adminVerifications,
    tabs: ['Pending', 'Expiring Soon'],
  },
];

const ROUTES_BY_ROLE: Record<Role, Screen[]> = {
  visitor: PUBLIC,
  customer: CUSTOMER,
  technician: TECHNICIAN,
  admin: ADMIN,
};

/** Waits until the screen shows its content: a heading, no skeletons, nothing busy. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('.animate-pulse, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 10_000,
  });
}

type Found = { where: string; impact: string; id: string; help: string; targets: string[] };

/**
 * The strict scans: every impact, and axe's best practices too (heading order, landmarks), as
 * Lighthouse's accessibility score counts them. AXE_ALL=1 makes every scan strict.
 */
const STRICT_EVERYWHERE = process.env.AXE_ALL === '1';

/** axe-core itself (the version @axe-core/playwright bundles), put in each page once. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe.run on the page as it is now. axe is put in a page once and runs on its tabs and dialogs
 * from there; @axe-core/playwright would inject it twice a scan and open a blank page for every
 * result, which made this suite minutes slower. The app has no frames (checked: axe would not
 * see inside one here).
 */
async function axeRun(page: Page, options: RunOptions, within?: Locator[]): Promise<AxeResults> {
  expect(page.frames(), 'a frame on the page: scan it with @axe-core/playwright').toHaveLength(1);
  type Context = Document | { include: Element[] };
  type WithAxe = { axe?: { run: (context: Context, o: RunOptions) => Promise<AxeResults> } };
  if (!(await page.evaluate(() => typeof (window as WithAxe).axe?.run === 'function')))
    await page.evaluate(AXE_SOURCE);
  if (!within) return page.evaluate((o) => (window as WithAxe).axe!.run(document, o), options);
  const parts = await Promise.all(within.map(async (l) => (await l.elementHandle())!));
  return page.evaluate(
    ([o, ...include]) => (window as WithAxe).axe!.run({ include: include as Element[] }, o),
    [options, ...parts] as const,
  );
}

/**
 * Scans the page, or only the parts `within` that changed since the page was scanned whole (an
 * open dialog, a tab switched to and its panel): the rest is what the first scan saw.
 */
async function scan(
  page: Page,
  where: string,
  strict = STRICT_EVERYWHERE,
  within?: Locator[],
): Promise<Found[]> {
  const tags = strict ? [...TAGS, 'best-practice'] : TAGS;
  // Violations only: axe skips collecting the passes, which makes each scan faster.
  const options: RunOptions = {
    runOnly: { type: 'tag', values: tags },
    resultTypes: ['violations'],
  };
  const { violations } = await axeRun(page, options, within);
  return violations
    .filter((v) => strict || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      where,
      impact: v.impact ?? 'unknown',
      id: v.id,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

const report = (found: Found[]) =>
  found
    .map(
      (f) => `${f.where}: [${f.impact}] ${f.id} - ${f.help}\n      ${f.targets.join('\n      ')}`,
    )
    .join('\n');

/** Scans every screen of `screens` on `page`: each tab, each dialog, the mobile menu on a phone. */
async function scanScreens(page: Page, role: Role, size: Size, screens: Screen[]) {
  const found: Found[] = [];
  const shell = shellDialogs(role);
  for (const [i, screen] of screens.entries()) {
    const path = typeof screen.path === 'string' ? screen.path : await screen.path(page);
    const where = (extra = '') => `${role} ${size.name} ${path}${extra}`;
    await page.goto(path);
    await settled(page);
    // With tabs, the first listed is the one showing: each is scanned once.
    if (!screen.tabs) found.push(...(await scan(page, where())));
    // The first tab with the whole page; each other one: its tab list and panel (the rest of the
    // page is as the first scan saw it).
    for (const [t, tab] of (screen.tabs ?? []).entries()) {
      if (t > 0) await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await settled(page);
      const within =
        t > 0 ? [page.getByRole('tablist').first(), page.getByRole('tabpanel').first()] : undefined;
      found.push(...(await scan(page, where(` [tab ${tab}]`), STRICT_EVERYWHERE, within)));
    }
    // The shell's dialogs once per role (on its first screen), the screen's own on each.
    const dialogs = { ...(i === 0 ? shell : {}), ...screen.dialogs };
    if (i === 0 && size.name === 'phone') dialogs['mobile menu'] = openMenu;
    for (const [name, open] of Object.entries(dialogs)) {
      const opened = await open(page, size);
      await settled(page);
      // The dialog alone: behind it, the page is as the screen's scan saw it.
      found.push(...(await scan(page, where(` [${name}]`), STRICT_EVERYWHERE, [opened])));
      // Every dialog (and the chat helper) closes with Escape.
      await page.keyboard.press('Escape');
      await expect(opened, `${name} closes with Escape`).toBeHidden();
    }
  }
  return found;
}

// Each test walks many screens and scans each one (slow on a busy machine).
test.describe.configure({ timeout: 300_000 });

test.beforeEach(async ({ page }) => {
  // No fades in the middle of a contrast check.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('every route of the router is in an axe list', () => {
  const covered = new Set(Object.values(ROUTES_BY_ROLE).flatMap((s) => s.map((x) => x.route)));
  const missing = Object.values(PATHS).filter((p) => !covered.has(p));
  expect(missing, 'routes with no axe scan').toEqual([]);
});

async function roleContext(
  role: Role,
  size: Size,
  browser: Browser,
  signedInContext: (u: string) => Promise<BrowserContext>,
) {
  const context =
    role === 'visitor'
      ? await browser.newContext({ viewport: { width: size.width, height: size.height } })
      : await signedInContext(role);
  const page = await context.newPage();
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return { context, page };
}

for (const size of SIZES) {
  test(`signed out, ${size.name}: 0 serious or critical axe violations`, async ({
    page,
    approvedTechnician,
    mailbox,
  }) => {
    if (!quoteApprovalLink) {
      // A quote mailed by a technician gives the public approval page a real link.
      const { context } = await approvedTechnician({ prefix: 'axe', plan: 'Professional' });
      const created = await context.request.post('/api/quotes', {
        data: {
          customerName: 'Axe Customer',
          items: [{ type: 'labor', description: 'Brake inspection', quantity: 1, unitPrice: 60 }],
          workLocation: 'Bowie, MD 20715',
        },
      });
      expect(created.status()).toBe(201);
      const email = `axe${Date.now()}@example.com`;
      const sent = await context.request.post('/api/pos/email-quote', {
        data: { quoteId: ((await created.json()) as { id: number }).id, customerEmail: email },
      });
      expect(sent.status()).toBe(200);
      const mail = (await mailbox()).find((m: Mail) => m.to === email)!;
      quoteApprovalLink = /\/quote-approval\/[\w-]+/.exec(mail.text)![0];
    }
    await page.setViewportSize({ width: size.width, height: size.height });
    const found = await scanScreens(page, 'visitor', size, PUBLIC);
    expect(found.length, report(found)).toBe(0);
  });

  for (const role of ['customer', 'technician', 'admin'] as const) {
    test(`as ${role}, ${size.name}: 0 serious or critical axe violations`, async ({
      browser,
      signedInContext,
    }) => {
      const { page } = await roleContext(role, size, browser, signedInContext);
      const found = await scanScreens(page, role, size, ROUTES_BY_ROLE[role]);
      expect(found.length, report(found)).toBe(0);
    });
  }
}

test('the pages Lighthouse scores have no axe violations of any impact at 360x740', async ({
  page,
}) => {
  const phone = SIZES[1];
  await page.setViewportSize({ width: phone.width, height: phone.height });
  const found: Found[] = [];
  for (const path of [PATHS.home, PATHS.technicians, await technicianProfile(page)]) {
    await page.goto(path);
    await settled(page);
    found.push(...(await scan(page, `visitor phone ${path}`, true)));
  }
  expect(found.length, report(found)).toBe(0);
});
