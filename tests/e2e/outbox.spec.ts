import { startPushStandIn } from '../helpers/push-stand-in';
import { expect, test } from './fixtures';

/**
 * The outbox: a job push the push service refuses is 'failed' under Admin → Outbox
 * with the service's answer; once the service is fixed, Retry sends it.
 */

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('the admin sees a refused job push with its reason and retries it once the push service works', async ({
  page,
  signIn,
  approvedTechnician,
}) => {
  const push = await startPushStandIn();
  try {
    // A technician alone in Crisfield, on the Eastern Shore, with one device subscribed to push.
    const { context } = await approvedTechnician({ prefix: 'fairbanks', plan: 'Basic' });
    const moved = await context.request.patch('/api/technicians/me', {
      data: { zipCode: '21817', specialties: ['AC Repair'], isAvailable: true },
    });
    expect(moved.status()).toBe(200);
    const device = push.subscribe();
    const subscribed = await context.request.post('/api/push/subscriptions', {
      data: { endpoint: device.endpoint, keys: device.keys, deviceLabel: 'Playwright phone' },
    });
    expect(subscribed.status()).toBe(201);
    push.fail(device, 400);

    const res = await page.request.post('/api/service-requests', {
      data: {
        serviceType: 'AC Repair',
        vehicleInfo: '2019 Toyota Camry',
        description: `The AC blows warm air ${stamp()}`,
        location: 'Crisfield, MD 21817',
        customerName: 'Robin Frost',
        customerEmail: `robin${stamp()}@example.com`,
        urgency: 'high',
      },
    });
    expect(res.status()).toBe(201);
    expect((await res.json()).notifiedTechnicians).toBe(1);

    await signIn('admin');
    await page.goto('/admin-dashboard');
    await page.getByRole('tab', { name: 'Outbox' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Outbox' });
    await expect(panel.getByLabel('Status')).toHaveValue('failed');
    const message = panel
      .getByRole('listitem')
      .filter({ hasText: 'New job: AC Repair' })
      .filter({ hasText: 'Push service answered 400' })
      .first();
    await expect(async () => {
      await page.reload();
      await page.getByRole('tab', { name: 'Outbox' }).click();
      await expect(message).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });

    push.heal(device);
    await message.getByRole('button', { name: /^Retry/ }).click();
    await expect(page.getByText('Message queued again')).toBeVisible();
    await expect.poll(() => push.for(device).length, { timeout: 10_000 }).toBe(1);
    expect(push.for(device)[0]!.message).toMatchObject({
      kind: 'job',
      title: 'New job: AC Repair',
    });
    // The device has it as soon as the push service answers; the app records it sent just
    // after, and the list shows what it fetched: looked at again until the record is there.
    const sent = panel.getByRole('listitem').filter({ hasText: 'New job: AC Repair' }).first();
    await expect(async () => {
      await page.reload();
      await page.getByRole('tab', { name: 'Outbox' }).click();
      await panel.getByLabel('Status').selectOption('sent');
      await expect(sent).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  } finally {
    await push.close();
  }
});
