import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { PUSH_CAPABLE } from './browser';
import { expect, test } from './fixtures';
import {
  controlledPage,
  deliverPush,
  serviceWorkerOf,
  shownNotifications,
  tapNotification,
  type PushPayload,
} from './sw-helpers';

// Push is what this spec is about: the full browser, its service worker allowed.
test.use(PUSH_CAPABLE);

/** The installable app: manifest, service worker, offline shell, push, install and update. */

/** A guest's Diagnostics request in Hyattsville (the demo technician's area and specialty). */
async function guestRequest(request: APIRequestContext, problem: string) {
  const res = await request.post('/api/service-requests', {
    data: {
      customerName: 'Pat Push',
      email: `pat${Date.now()}@example.com`,
      serviceType: 'Diagnostics',
      vehicleInfo: '2019 Toyota Camry',
      location: 'Hyattsville, MD',
      issueDescription: problem,
      urgency: 'medium',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; reference: string };
}

/** The id of `tech`'s pending notification for request `requestId`. */
async function pendingNotificationId(tech: BrowserContext, requestId: number) {
  const me = (await (await tech.request.get('/api/auth/current-user')).json()) as {
    technicianId: number;
  };
  let id = 0;
  await expect(async () => {
    const res = await tech.request.get(`/api/job-notifications/technician/${me.technicianId}`);
    const list = (await res.json()) as {
      id: number;
      status: string;
      serviceRequest: { id: number };
    }[];
    id = list.find((n) => n.serviceRequest.id === requestId && n.status === 'pending')?.id ?? 0;
    expect(id).toBeGreaterThan(0);
  }).toPass({ timeout: 10_000 });
  return id;
}

/** What the server's outbox sends for a new job (the shared jobPushSchema). */
const jobPush = (notificationId: number, problem: string): PushPayload => ({
  kind: 'job',
  tag: `job-${notificationId}`,
  notificationId,
  title: 'New job: Diagnostics',
  body: `Hyattsville, MD · 1.2 miles · ${problem}`,
  url: `/technician-notifications?notification=${notificationId}`,
  serviceType: 'Diagnostics',
  urgency: 'medium',
  distanceMiles: 1.2,
  deadline: new Date(Date.now() + 5 * 60_000).toISOString(),
  acceptUrl: `/api/job-notifications/${notificationId}/accept`,
});

test('the manifest makes the app installable, with the icons and the start URL', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1d4ed8');

  const res = await page.request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Wrenchly',
    short_name: 'Wrenchly',
    id: '/',
    scope: '/',
    start_url: '/start',
    display: 'standalone',
    theme_color: '#1d4ed8',
    background_color: '#f8fafc',
  });
  expect(String(manifest.description)).toContain('mechanics');
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png' }]) {
    const png = await page.request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }

  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['content-type']).toContain('javascript');
  expect(sw.headers()['cache-control']).toBe('no-cache');

  // Chromium's own installability check (what decides whether it offers to install). Test
  // contexts are incognito, where nothing installs: this one runs in a browser profile.
  const { launchOptions, baseURL } = test.info().project.use;
  const profile = await chromium.launchPersistentContext(
    mkdtempSync(path.join(tmpdir(), 'wrenchly-profile-')),
    { ...launchOptions, baseURL },
  );
  try {
    const installable = profile.pages()[0] ?? (await profile.newPage());
    await installable.goto('/');
    const cdp = await profile.newCDPSession(installable);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
        timeout: 15_000,
      })
      .toEqual([]);
  } finally {
    await profile.close();
  }
});

test('the service worker serves the app shell offline, never API data', async ({
  page,
  signIn,
}) => {
  await signIn('technician');
  const apiResponses: { url: string; fromServiceWorker: boolean }[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/'))
      apiResponses.push({ url: r.url(), fromServiceWorker: r.fromServiceWorker() });
  });
  await page.goto('/technician-notifications');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Job Notifications', level: 1 })).toBeVisible();
  const technicianId = await page.evaluate(async () => {
    const res = await fetch('/api/auth/current-user');
    return ((await res.json()) as { technicianId: number }).technicianId;
  });
  expect(apiResponses.length).toBeGreaterThan(0);
  expect(apiResponses.filter((r) => r.fromServiceWorker)).toEqual([]);

  await page.context().setOffline(true);
  for (const pathname of ['/', '/technician-notifications']) {
    await page.goto(pathname);
    await expect(page.getByRole('banner'), pathname).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Wrenchly', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  }
  // The notifications were fetched online; offline the same request fails, it is not replayed.
  const offline = await page.evaluate(async (id) => {
    try {
      const res = await fetch(`/api/job-notifications/technician/${id}`);
      return `status ${res.status}`;
    } catch {
      return 'failed';
    }
  }, technicianId);
  expect(offline).toBe('failed');
  // A server path is not a screen: no app shell for it.
  await expect(page.goto('/api/health')).rejects.toThrow();
  await page.context().setOffline(false);

  await page.goto('/');
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(cached.some((u) => u.includes('/index.html'))).toBe(true);
  expect(cached.filter((u) => new URL(u).pathname.startsWith('/api/'))).toEqual([]);
});

// One service request serves the whole push journey: the suite's requests all come from one
// address, which the server allows 20 an hour.
test('push: a job shows Accept and View, a tap opens it, a withdraw replaces it, Accept takes it or says who was faster', async ({
  browser,
  signedInContext,
  approvedTechnician,
}) => {
  test.setTimeout(60_000);
  const tech = await signedInContext('technician');
  await tech.grantPermissions(['notifications']);
  // A second technician in the same area and trade, offered the same jobs.
  const { context: rival } = await approvedTechnician({
    prefix: 'pushrival',
    plan: 'Basic',
    data: { location: 'Hyattsville, MD', specialties: 'Diagnostics' },
  });
  await rival.grantPermissions(['notifications']);
  const available = await rival.request.patch('/api/technicians/me', {
    data: {
      location: 'Hyattsville, MD',
      specialties: ['Diagnostics'],
      isAvailable: true,
      hourlyRate: 80,
    },
  });
  expect(available.status()).toBe(200);
  const page = await controlledPage(tech, '/technician-notifications');
  const rivalPage = await controlledPage(rival, '/technician-notifications');

  const problem = `Push alert ${Date.now()}`;
  const guest = await browser.newContext();
  const request = await guestRequest(guest.request, problem);
  await guest.close();
  const id = await pendingNotificationId(tech, request.id);
  const rivalId = await pendingNotificationId(rival, request.id);
  const tag = `job-${id}`;
  const rivalTag = `job-${rivalId}`;

  await test.step('a job push shows Accept and View until answered', async () => {
    await page.goto('/');
    await deliverPush(page, jobPush(id, problem));
    await expect.poll(() => shownNotifications(page, tag)).toHaveLength(1);
    expect((await shownNotifications(page, tag))[0]).toEqual({
      title: 'New job: Diagnostics',
      body: `Hyattsville, MD · 1.2 miles · ${problem}`,
      tag,
      actions: [
        { action: 'accept', title: 'Accept' },
        { action: 'view', title: 'View' },
      ],
      requireInteraction: true,
      silent: false,
    });
  });

  await test.step("a tap takes the open page to the job's notification, whose dialog opens", async () => {
    await tapNotification(tech, tag);
    await expect(page).toHaveURL(new RegExp(`/technician-notifications\\?notification=${id}$`));
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByText(`Service request WR-${String(request.id).padStart(6, '0')}`),
    ).toBeVisible();
    // Focus starts on the answer most often given.
    await expect(dialog.getByRole('button', { name: 'Accept Job' })).toBeFocused();
    await expect(dialog.getByText(problem)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Accept Job' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/technician-notifications$/);
    expect(await shownNotifications(page, tag)).toEqual([]);
  });

  await test.step('a withdraw replaces the job under the same tag: silent, no actions', async () => {
    await deliverPush(rivalPage, jobPush(rivalId, problem));
    await expect.poll(() => shownNotifications(rivalPage, rivalTag)).toHaveLength(1);
    await deliverPush(rivalPage, {
      kind: 'withdraw',
      tag: rivalTag,
      notificationId: rivalId,
      title: 'Job no longer available',
      body: 'Another technician accepted this Diagnostics job.',
      url: '/technician-notifications',
    });
    await expect
      .poll(async () => (await shownNotifications(rivalPage, rivalTag))[0]?.body)
      .toBe('Another technician accepted this Diagnostics job.');
    const replaced = await shownNotifications(rivalPage, rivalTag);
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toMatchObject({
      title: 'Job no longer available',
      actions: [],
      requireInteraction: false,
      silent: true,
    });
  });

  await test.step("Accept on the notification takes the job and opens the job's page", async () => {
    await deliverPush(page, jobPush(id, problem));
    await expect.poll(() => shownNotifications(page, tag)).toHaveLength(1);
    await tapNotification(tech, tag, 'accept');
    await expect(page).toHaveURL(new RegExp(`/my-jobs/${request.reference}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await shownNotifications(page, tag)).toEqual([]);
  });

  await test.step("the slower technician's Accept gets the server's reason in its place", async () => {
    await deliverPush(rivalPage, jobPush(rivalId, problem));
    await expect
      .poll(async () => (await shownNotifications(rivalPage, rivalTag))[0]?.actions.length)
      .toBe(2);
    await tapNotification(rival, rivalTag, 'accept');
    await expect
      .poll(async () => (await shownNotifications(rivalPage, rivalTag))[0]?.body)
      .toBe('This job has already been accepted by another technician');
    expect((await shownNotifications(rivalPage, rivalTag))[0]).toMatchObject({
      title: 'Job not accepted',
      actions: [],
    });
    await expect(rivalPage).toHaveURL(/\/technician-notifications$/);
  });
});

test.describe('install', () => {
  /** What Chromium fires when the app may be installed (a stand-in with its prompt()). */
  const offerInstall = (page: Page) =>
    page.evaluate(() => {
      const w = window as Window & { prompted?: number };
      w.prompted = 0;
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          w.prompted = (w.prompted ?? 0) + 1;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
      });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });

  test('a technician installs the app from the notifications page; it hides once installed', async ({
    page,
    signIn,
  }) => {
    await signIn('technician');
    await page.goto('/technician-notifications');
    await expect(page.getByRole('heading', { name: 'Job Notifications', level: 1 })).toBeVisible();
    const install = page.getByRole('main').getByRole('button', { name: 'Install app' });
    await expect(install).toBeHidden();
    // The browser's own banner is held back: the offer waits for the button.
    expect(await offerInstall(page)).toBe(true);
    await install.click();
    await expect
      .poll(() => page.evaluate(() => (window as { prompted?: number }).prompted))
      .toBe(1);
    await expect(install).toBeHidden();
    await offerInstall(page);
    await expect(install).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(install).toBeHidden();
  });

  test.describe('phone width', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("the technician's menu offers it too; visitors are not offered it", async ({
      page,
      signIn,
    }) => {
      await page.goto('/');
      await offerInstall(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);

      await signIn('technician');
      await page.goto('/technician-notifications');
      await expect(
        page.getByRole('heading', { name: 'Job Notifications', level: 1 }),
      ).toBeVisible();
      await offerInstall(page);
      await expect(
        page.getByRole('main').getByRole('button', { name: 'Install app' }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog');
      await menu.getByRole('button', { name: 'Install app' }).click();
      await expect(menu).toBeHidden();
      await expect
        .poll(() => page.evaluate(() => (window as { prompted?: number }).prompted))
        .toBe(1);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});

test("the installed app starts on each role's first screen", async ({
  browser,
  signedInContext,
}) => {
  const visitor = await browser.newPage();
  await visitor.goto('/start');
  await expect(visitor).toHaveURL(/\/$/);
  await visitor.close();
  const screens: [string, RegExp][] = [
    ['technician', /\/technician-notifications$/],
    ['admin', /\/admin-dashboard$/],
    ['customer', /\/my-requests$/],
  ];
  for (const [username, screen] of screens) {
    const context = await signedInContext(username);
    const page = await context.newPage();
    await page.goto('/start');
    await expect(page, username).toHaveURL(screen);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await context.close();
  }
});

test('a new version waits for "Update available – reload", then takes over', async ({ page }) => {
  const swFile = path.resolve('dist/client/sw.js');
  const original = readFileSync(swFile, 'utf8');
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  });
  const build = `next-${Date.now()}`;
  try {
    // A new build: the worker's bytes change.
    writeFileSync(swFile, `${original}\n;self.WRENCHLY_BUILD = '${build}';\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    const banner = page.getByRole('status').filter({ hasText: 'Update available – reload' });
    await expect(banner).toBeVisible({ timeout: 15_000 });
    // Waiting, not in control yet.
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.ready).waiting)).toBe(
      true,
    );
    await Promise.all([
      page.waitForEvent('load'),
      banner.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await expect(banner).toBeHidden();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const r = await navigator.serviceWorker.ready;
          return !r.waiting && navigator.serviceWorker.controller?.state === 'activated';
        }),
      )
      .toBe(true);
    // The worker in control is the new build's.
    const sw = await serviceWorkerOf(page.context());
    await expect
      .poll(async () => {
        for (const worker of page.context().serviceWorkers()) {
          const b = await worker
            .evaluate(() => (self as { WRENCHLY_BUILD?: string }).WRENCHLY_BUILD)
            .catch(() => undefined);
          if (b === build) return b;
        }
        return sw ? 'old' : 'none';
      })
      .toBe(build);
  } finally {
    writeFileSync(swFile, original);
  }
});
