import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';

/**
 * Admin and navigation: the admin's Service Requests, Messages and Audit Log tabs at
 * phone width, and the same menu on desktop and phone for every role.
 */
test.use({ viewport: { width: 390, height: 844 } });

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A request nobody serves (Oakland, in Maryland's far west, is far from every technician): unmatched at once. */
async function unmatchedRequest(request: APIRequestContext, serviceType: string, email: string) {
  const res = await request.post('/api/service-requests', {
    data: {
      serviceType,
      vehicleInfo: '2014 Subaru Outback',
      description: `The car will not shift out of park ${stamp()}`,
      location: 'Oakland, MD 21550',
      customerName: 'Alex Northern',
      customerEmail: email,
      urgency: 'medium',
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { reference: string; status: string };
  expect(body.status).toBe('unmatched');
  return body.reference;
}

async function openAdminTab(page: Page, tab: string) {
  await page.goto('/admin-dashboard');
  await page.getByRole('tab', { name: tab }).click();
  return page.getByRole('tabpanel', { name: tab });
}

test('the admin finds an unmatched request and re-dispatches it to a technician who now serves the area', async ({
  page,
  signIn,
  approvedTechnician,
}) => {
  const email = `north${stamp()}@example.com`;
  const reference = await unmatchedRequest(page.request, 'Transmission', email);

  // A technician starts serving Oakland afterwards.
  const last = `Tech${stamp()}`;
  const { context } = await approvedTechnician({
    prefix: 'alaska',
    plan: 'Basic',
    data: { firstName: 'Alaska', lastName: last },
  });
  const moved = await context.request.patch('/api/technicians/me', {
    data: { zipCode: '21550', specialties: ['Transmission'], isAvailable: true },
  });
  expect(moved.status()).toBe(200);

  await signIn('admin');
  const panel = await openAdminTab(page, 'Service Requests');
  await panel.getByLabel('State').selectOption('unmatched');
  const list = panel.getByRole('list', { name: 'Service requests' });
  // Unmatched first, and only unmatched with this filter.
  await expect(list.getByRole('listitem').first()).toContainText('No technician found');
  await panel.getByLabel('Search requests').fill(email);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: `Open ${reference}` }).click();

  const dialog = page.getByRole('dialog', { name: new RegExp(reference) });
  await expect(dialog.getByText('No technician found').first()).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  // Words a person reads: the urgency's label, a move named once when it is its status.
  await expect(
    dialog.getByText(/^(Low - Can wait a week|Medium - Within a few days|High - ASAP)$/),
  ).toBeVisible();
  await expect(dialog.getByText('No technician found → No technician found')).toHaveCount(0);
  // Re-dispatch asks first.
  await dialog.getByRole('button', { name: 'Re-dispatch' }).click();
  const ask = page.getByRole('dialog', { name: `Re-dispatch ${reference}?` });
  await expect(ask).toContainText('Up to 5 qualified technicians nearby are notified again');
  await ask.getByRole('button', { name: 'Re-dispatch' }).click();
  await expect(page.getByText('Request re-dispatched')).toBeVisible();
  await expect(ask).toBeHidden();
  await expect(dialog.getByText('Finding a technician').first()).toBeVisible();
  const notifications = dialog.getByRole('region', { name: 'Notifications' });
  await expect(notifications.getByText(/Alaska/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Re-dispatch' })).toBeHidden();
});

test('the admin cancels a request with a reason, after the confirmation dialog', async ({
  page,
  signIn,
}) => {
  const email = `cancelme${stamp()}@example.com`;
  const reference = await unmatchedRequest(page.request, 'Electrical', email);
  await signIn('admin');
  const panel = await openAdminTab(page, 'Service Requests');
  await panel.getByLabel('Search requests').fill(reference);
  const list = panel.getByRole('list', { name: 'Service requests' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: `Open ${reference}` }).click();
  const detail = page.getByRole('dialog', { name: new RegExp(`^${reference}`) });
  await detail.getByRole('button', { name: 'Cancel request' }).click();

  const confirm = page.getByRole('dialog', { name: `Cancel ${reference}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel request' }).click();
  await expect(confirm.getByText('Please give a reason')).toBeVisible();
  await confirm.getByLabel('Reason').fill('Duplicate of another request');
  await confirm.getByRole('button', { name: 'Cancel request' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Request canceled')).toBeVisible();
  await expect(detail.getByText('Canceled').first()).toBeVisible();
  await expect(detail.getByText('Duplicate of another request').first()).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Cancel request' })).toBeHidden();
});

test('the admin marks a Contact Us message handled', async ({ page, signIn }) => {
  const subject = `Billing question ${stamp()}`;
  const sent = await page.request.post('/api/contact', {
    data: {
      name: 'Morgan Writer',
      email: 'morgan@example.com',
      subject,
      message: 'How do I change my plan next month?',
    },
  });
  expect(sent.status()).toBe(201);
  await signIn('admin');
  const panel = await openAdminTab(page, 'Messages');
  await expect(panel.getByLabel('Show')).toHaveValue('false');
  const item = panel.getByRole('listitem').filter({ hasText: subject });
  await expect(item).toContainText('Unhandled');
  await item.getByRole('button', { name: `Mark handled: ${subject}` }).click();
  await expect(page.getByText('Marked handled')).toBeVisible();
  await expect(item).toBeHidden();

  await panel.getByLabel('Show').selectOption('true');
  await expect(item).toContainText('Handled');
  await expect(item).toContainText(/Handled .* by /);
  await expect(item.getByRole('button', { name: `Mark unhandled: ${subject}` })).toBeVisible();
});

test('the audit log filters by action and checks the date range', async ({ page, signIn }) => {
  // Something to find: a role change recorded by the admin.
  const username = `audited${stamp()}`;
  const customer = await page.request.post('/api/auth/register', {
    data: {
      username,
      email: `${username}@example.com`,
      password: 'a-strong-password',
      accountType: 'customer',
    },
  });
  expect(customer.status()).toBe(201);
  await signIn('admin');
  // Registration answers only a message: the admin finds the account.
  const found = await page.request.get(`/api/admin/users?search=${username}`);
  const [user] = (await found.json()) as { id: number }[];
  expect(
    (
      await page.request.patch(`/api/admin/users/${user!.id}/role`, {
        data: { role: 'technician' },
      })
    ).status(),
  ).toBe(200);

  // Recent Activity on the Overview opens the full log.
  await page.goto('/admin-dashboard');
  await page.getByRole('button', { name: 'Full audit log' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Audit Log' });
  await panel.getByLabel('Action').selectOption('user.role_change');
  const entry = panel.getByRole('cell', { name: `user #${user!.id}`, exact: true });
  await expect(entry).toHaveCount(1);
  await expect(panel.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  // On a phone each value carries its column's label, hidden from the accessible name.
  for (const action of await panel.locator('tbody td:nth-child(3)').all())
    await expect(action).toHaveAccessibleName('user.role_change');

  await panel.getByLabel('Actor').fill('admin');
  await expect(entry).toHaveCount(1);
  await panel.getByLabel('From', { exact: true }).fill('2026-05-02');
  await panel.getByLabel('To', { exact: true }).fill('2026-05-01');
  await expect(panel.getByRole('alert')).toHaveText(
    'The end date must not be before the start date',
  );
});

const EXPECTED_NAV: Record<string, string[]> = {
  visitor: ['Find Mechanics', 'How It Works', 'Request Service', 'Join'],
  customer: [
    'Find Mechanics',
    'How It Works',
    'Request Service',
    'Join',
    'My Requests',
    'Vehicles',
  ],
  technician: [
    'My Jobs',
    'Job Notifications Live',
    'POS Pro',
    'Analytics',
    'Plans',
    'Software',
    'Profile',
    'Verifications',
  ],
  admin: ['Admin Dashboard'],
};

for (const role of Object.keys(EXPECTED_NAV)) {
  test(`the ${role}'s desktop bar and mobile menu hold the same items`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      if (role !== 'visitor') {
        const res = await context.request.post('/api/auth/signin', {
          data: { username: role, password: DEMO_PASSWORD },
        });
        expect(res.status()).toBe(200);
      }
      const page = await context.newPage();
      await page.goto('/how-it-works');
      const desktop = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
      await expect(desktop).toHaveCount(EXPECTED_NAV[role]!.length);
      const desktopItems = (await desktop.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
      const desktopHrefs = await desktop.evaluateAll((a) => a.map((l) => l.getAttribute('href')));
      expect(desktopItems).toEqual(EXPECTED_NAV[role]);

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
      const mobile = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link');
      await expect(mobile).toHaveCount(EXPECTED_NAV[role]!.length);
      expect((await mobile.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))).toEqual(
        desktopItems,
      );
      expect(await mobile.evaluateAll((a) => a.map((l) => l.getAttribute('href')))).toEqual(
        desktopHrefs,
      );
      const menu = page.getByRole('dialog', { name: 'Menu' });
      if (role === 'visitor')
        await expect(menu.getByRole('button', { name: 'Sign in' })).toBeVisible();
      else await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

test("the admin dashboard's links lead an admin somewhere useful: Payment History, Technician Verifications and the alerts", async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/admin-dashboard');
  await page.getByRole('link', { name: 'Payment History' }).click();
  await expect(page).toHaveURL(/\/payment-history$/);
  await expect(page.getByRole('heading', { name: 'Payment History', level: 1 })).toBeVisible();
  await expect(page.getByText('Admin Access Required')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Revenue by month' })).toBeVisible();

  // Technician Verifications is not a second way to the queue: one technician's credentials.
  await page.goto('/admin-dashboard');
  await page.getByRole('link', { name: 'Technician Verifications' }).click();
  await expect(page).toHaveURL(/\/technician-verifications$/);
  await expect(
    page.getByRole('heading', { name: 'Technician Verifications', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: /Pending Verifications/ })).toHaveCount(0);
  await page.getByLabel('Find a technician').fill('Marcus');
  const picker = page.getByLabel('Technician', { exact: true });
  const marcus = picker.locator('option', { hasText: 'Marcus Johnson' });
  await expect(marcus).toHaveCount(1);
  await picker.selectOption((await marcus.getAttribute('value'))!);
  await expect(page).toHaveURL(/\/technician-verifications\?technician=\d+$/);
  await expect(page.getByText(/License|Insurance/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Verification queue' }).click();
  await expect(page).toHaveURL(/\/admin-verifications$/);
  await expect(page.getByRole('tab', { name: /Pending Verifications/ })).toBeVisible();

  // An overview alert is a link to the tab that deals with it; the tab is in the URL.
  await page.goto('/admin-dashboard');
  const alerts = page.getByRole('heading', { name: 'Recent Alerts' }).locator('..').locator('..');
  const first = alerts.getByRole('link').first();
  await expect(first).toBeVisible();
  const href = (await first.getAttribute('href'))!;
  expect(href).toMatch(/\/admin-dashboard\?tab=(users|verifications|payments|moderation)$/);
  await first.click();
  const tab = /tab=(\w+)/.exec(href)![1]!;
  const names = {
    users: 'User Management',
    verifications: 'Verifications',
    payments: 'Payments',
    moderation: 'Review Moderation',
  };
  await expect(
    page.getByRole('tab', { name: names[tab as keyof typeof names], exact: true }),
  ).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(
    page.getByRole('tab', { name: names[tab as keyof typeof names], exact: true }),
  ).toHaveAttribute('aria-selected', 'true');
});
