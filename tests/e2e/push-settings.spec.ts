import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { PUSH_CAPABLE } from './browser';
import { expect, test } from './fixtures';

// Push is what this spec is about: the full browser, its service worker allowed.
test.use(PUSH_CAPABLE);

/**
 * A technician's push devices and notification settings, against the server's push endpoints
 * (GET /api/push/config with push enabled, /api/push/subscriptions, and
 * /api/technicians/me/notification-settings). The browser here reaches no push service, so
 * PushManager's subscribe() hands back a subscription-shaped stand-in with real-looking keys.
 */

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** A subscription as a push service would make it: a P-256 public key and a 16-byte secret. */
function fakeSubscription(origin: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${origin}/push/${base64url(randomBytes(12))}`,
    p256dh: base64url(ecdh.getPublicKey()),
    auth: base64url(randomBytes(16)),
  };
}

/**
 * PushManager without a push service: subscribe() returns the stand-in (kept in localStorage,
 * so a reload finds it, as a real subscription would be), getSubscription() reads it back.
 */
async function stubPushManager(context: BrowserContext) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const sub = fakeSubscription(origin);
  expect(sub.p256dh).toHaveLength(87);
  expect(sub.auth).toHaveLength(22);
  await context.addInitScript((sub) => {
    const KEY = 'test-push-subscription';
    const make = () => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        keys: { p256dh: sub.p256dh, auth: sub.auth },
      }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEY, '1');
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(KEY) ? make() : null) as unknown as PushSubscription;
    };
  }, sub);
  return sub;
}

/** A newly approved technician whose pages may show notifications. */
async function technicianWithPush(
  approvedTechnician: (o?: { prefix?: string }) => Promise<{ context: BrowserContext }>,
) {
  const { context } = await approvedTechnician({ prefix: 'push' });
  await context.grantPermissions(['notifications']);
  const sub = await stubPushManager(context);
  return { context, sub };
}

const pushCard = (page: Page) => page.getByRole('region', { name: 'Job alerts on this device' });
const settingsCard = (page: Page) =>
  page.getByRole('region', { name: 'Notifications', exact: true });

test('a technician turns push on for this device and off again', async ({ approvedTechnician }) => {
  const { context, sub } = await technicianWithPush(approvedTechnician);
  const page = await context.newPage();
  await page.goto('/technician-notifications');
  const card = pushCard(page);
  await card.getByRole('button', { name: 'Enable push notifications' }).click();
  await expect(card.getByText('Push notifications are on for this device')).toBeVisible();

  // The server has this device, named from the browser ('Chrome on Windows' in the suite's
  // desktop profile).
  const devices = (await (await context.request.get('/api/push/subscriptions')).json()) as {
    endpoint: string;
    deviceLabel: string | null;
  }[];
  expect(devices).toEqual([
    expect.objectContaining({
      endpoint: sub.endpoint,
      deviceLabel: expect.stringMatching(/^Chrome on /),
    }),
  ]);

  await page.reload();
  await expect(card.getByText('Push notifications are on for this device')).toBeVisible();
  await card.getByRole('button', { name: 'Turn off' }).click();
  await expect(card.getByRole('button', { name: 'Enable push notifications' })).toBeVisible();
  expect(await (await context.request.get('/api/push/subscriptions')).json()).toEqual([]);
});

test('blocked notifications and browsers without push are explained', async ({
  approvedTechnician,
}) => {
  const { context } = await approvedTechnician({ prefix: 'pushoff' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await page.goto('/technician-notifications');
  await expect(pushCard(page).getByText(/Notifications are blocked for Wrenchly/)).toBeVisible();
  await expect(
    pushCard(page).getByRole('button', { name: 'Enable push notifications' }),
  ).toHaveCount(0);

  const old = await context.newPage();
  await old.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  await old.goto('/technician-notifications');
  await expect(
    pushCard(old).getByText(/This browser cannot receive push notifications/),
  ).toBeVisible();
});

test('the profile saves channels, SMS number and quiet hours, with errors under the field', async ({
  approvedTechnician,
}) => {
  const { context } = await approvedTechnician({ prefix: 'notify' });
  const page = await context.newPage();
  await page.goto('/technician-profile');
  const card = settingsCard(page);
  for (const name of ['Push', 'E-mail', 'SMS'])
    await expect(card.getByRole('switch', { name, exact: true })).toBeVisible();
  const phone = card.getByLabel('Mobile phone for SMS');
  await expect(phone).toHaveCount(0);

  await card.getByRole('switch', { name: 'SMS', exact: true }).click();
  await expect(phone).toHaveAttribute('type', 'tel');
  const save = card.getByRole('button', { name: 'Save notification settings' });
  await save.click();
  await expect(card.getByText('Add a mobile phone number to receive SMS')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');

  // The phone rule (US numbers), on the field.
  await phone.fill('555');
  await save.click();
  await expect(card.getByText('Enter a US phone number, like (301) 555-0199')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');

  await phone.fill('202-555-0142');
  await card.getByRole('checkbox', { name: 'No alerts during quiet hours' }).check();
  await card.getByLabel('Quiet hours start').fill('22:00');
  await card.getByLabel('Quiet hours end').fill('06:30');
  await card.getByLabel('Time zone').selectOption('America/Chicago');
  await card.getByRole('switch', { name: 'E-mail', exact: true }).click();
  await save.click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();

  const stored = await (
    await context.request.get('/api/technicians/me/notification-settings')
  ).json();
  expect(stored).toMatchObject({
    email: false,
    sms: true,
    smsPhone: '+12025550142',
    quietHours: { enabled: true, start: '22:00', end: '06:30' },
    timeZone: 'America/Chicago',
  });
  await page.reload();
  await expect(phone).toHaveValue('(202) 555-0142');
  await expect(card.getByRole('switch', { name: 'SMS', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(card.getByRole('switch', { name: 'E-mail', exact: true })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(card.getByLabel('Time zone')).toHaveValue('America/Chicago');
  await expect(card.getByLabel('Quiet hours start')).toHaveValue('22:00');
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the profile lists the technician's devices; Remove drops one", async ({
    approvedTechnician,
  }) => {
    const { context } = await technicianWithPush(approvedTechnician);
    const page = await context.newPage();
    await page.goto('/technician-notifications');
    await pushCard(page).getByRole('button', { name: 'Enable push notifications' }).click();
    await expect(
      pushCard(page).getByText('Push notifications are on for this device'),
    ).toBeVisible();
    let overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.goto('/technician-profile');
    const devices = settingsCard(page).getByRole('region', {
      name: 'Devices with push notifications',
    });
    await expect(devices.getByText(/^Chrome on /)).toBeVisible();
    overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await devices.getByRole('button', { name: /^Remove Chrome on / }).click();
    await expect(devices.getByText('No devices yet.', { exact: false })).toBeVisible();
    expect(await (await context.request.get('/api/push/subscriptions')).json()).toEqual([]);

    await page.goto('/technician-notifications');
    await expect(
      pushCard(page).getByRole('button', { name: 'Enable push notifications' }),
    ).toBeVisible();
  });
});
