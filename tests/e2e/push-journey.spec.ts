import { startPushStandIn } from '../helpers/push-stand-in';
import { PUSH_CAPABLE } from './browser';
import { expect, test } from './fixtures';
import { controlledPage, deliverPush, shownNotifications, tapNotification } from './sw-helpers';

// Push is what this spec is about: the full browser, its service worker allowed.
test.use(PUSH_CAPABLE);

/**
 * End to end: the server's outbox pushes a new job to the technician's device through
 * a push service (the local stand-in checks VAPID and decrypts it), the push service relays it
 * to the browser (DevTools' push delivery), the notification shows with Accept / View, and a
 * tap opens the job's notification.
 */

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('a new job pushed by the server shows on the device and its tap opens the job', async ({
  page,
  approvedTechnician,
}) => {
  const push = await startPushStandIn();
  try {
    const { context } = await approvedTechnician({ prefix: 'juneau', plan: 'Basic' });
    const moved = await context.request.patch('/api/technicians/me', {
      data: { zipCode: '21801', specialties: ['Suspension'], isAvailable: true },
    });
    expect(moved.status()).toBe(200);
    const device = push.subscribe();
    expect(
      (
        await context.request.post('/api/push/subscriptions', {
          data: { endpoint: device.endpoint, keys: device.keys },
        })
      ).status(),
    ).toBe(201);
    await context.grantPermissions(['notifications']);
    const tech = await controlledPage(context, '/technician-profile');

    const arrived = push.next((p) => p.id === push.idOf(device));
    const res = await page.request.post('/api/service-requests', {
      data: {
        serviceType: 'Suspension',
        vehicleInfo: '2019 Toyota Camry',
        description: `Clunk over bumps ${stamp()}`,
        location: 'Salisbury, MD 21801',
        customerName: 'Sam Harbor',
        customerEmail: `sam${stamp()}@example.com`,
        urgency: 'high',
      },
    });
    expect(res.status()).toBe(201);
    const { message, urgency, ttl } = await arrived;
    expect(urgency).toBe('high');
    expect(ttl).toBeGreaterThan(0);
    expect(message).toMatchObject({ kind: 'job', title: 'New job: Suspension' });
    const tag = message.tag as string;

    // The push service hands the encrypted message to the browser, which decrypts it.
    await deliverPush(tech, message as { tag: string });
    await expect.poll(() => shownNotifications(tech, tag)).toHaveLength(1);
    const [shown] = await shownNotifications(tech, tag);
    expect(shown).toMatchObject({ title: 'New job: Suspension', requireInteraction: true });
    expect(shown!.body).toContain('Salisbury');
    expect(shown!.body).toContain('High - ASAP');
    expect(shown!.actions.map((a) => a.title)).toEqual(['Accept', 'View']);

    await tapNotification(context, tag);
    await expect(tech).toHaveURL(
      new RegExp(`/technician-notifications\\?notification=${message.notificationId as number}$`),
    );
    await expect(tech.getByRole('dialog')).toContainText('Suspension');
  } finally {
    await push.close();
  }
});

test('when the browser replaces the push subscription, the service worker registers the new one', async ({
  approvedTechnician,
}) => {
  const push = await startPushStandIn();
  try {
    const { context } = await approvedTechnician({ prefix: 'rotate' });
    await controlledPage(context, '/technician-profile');
    const renewed = push.subscribe();
    const sw = context.serviceWorkers()[0]!;
    await sw.evaluate(
      (json) => {
        const event = new Event('pushsubscriptionchange');
        Object.defineProperty(event, 'newSubscription', { value: { toJSON: () => json } });
        self.dispatchEvent(event);
      },
      { endpoint: renewed.endpoint, expirationTime: null, keys: renewed.keys },
    );
    await expect
      .poll(async () =>
        (
          (await (await context.request.get('/api/push/subscriptions')).json()) as {
            endpoint: string;
          }[]
        ).map((s) => s.endpoint),
      )
      .toContain(renewed.endpoint);
  } finally {
    await push.close();
  }
});
