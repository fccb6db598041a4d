import { expect, test } from './fixtures';

test('home renders the header and the footer', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Wrenchly', exact: true })).toHaveAttribute(
    'href',
    '/',
  );
  // A visitor's links (navigation by role), and 'Sign in'.
  const nav = page.getByRole('navigation', { name: 'Main' });
  const links: [string, string][] = [
    ['Find Mechanics', '/technicians'],
    ['How It Works', '/how-it-works'],
    ['Request Service', '/request-service'],
    ['Join', '/join-wrenchly'],
  ];
  await expect(nav.getByRole('link')).toHaveCount(links.length);
  for (const [name, href] of links) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(header.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  const footer = page.getByRole('contentinfo');
  // The current year on the service area's calendar, and where Wrenchly serves.
  const year = new Date().toLocaleDateString('en-US', {
    year: 'numeric',
    timeZone: 'America/New_York',
  });
  await expect(footer).toContainText(`© ${year} Wrenchly. All rights reserved.`);
  await expect(footer).toContainText(
    'Connecting certified mechanics with customers in Maryland, DC and Virginia.',
  );
  await expect(footer).not.toContainText('nationwide');
  // The social links the operator configured (playwright.config.ts), in a new tab.
  const social = footer.getByRole('list', { name: 'Follow us' });
  await expect(social.getByRole('link')).toHaveCount(1);
  await expect(social.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    'https://www.instagram.com/wrenchly',
  );
  await expect(social.getByRole('link', { name: 'Instagram' })).toHaveAttribute('target', '_blank');
});

test('the footer links where the spec says, info pages in a new tab', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const links: [string, string, boolean][] = [
    ['Find Mechanics', '/technicians', false],
    ['Request Service', '/request-service', false],
    ['Join as a Mechanic', '/join-wrenchly', false],
    ['How It Works', '/how-it-works', false],
    ['Pricing Guide', '/pricing-guide', true],
    ['Safety & Trust', '/safety-trust', true],
    ['Contact Us', '/contact-us', true],
    ['FAQ', '/faq', false],
    ['Terms of Service', '/terms-of-service', false],
    ['Privacy Policy', '/privacy-policy', false],
    ['Admin Dashboard', '/admin-dashboard', false],
  ];
  for (const [name, href, newTab] of links) {
    const link = footer.getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('href', href);
    if (newTab) await expect(link).toHaveAttribute('target', '_blank');
    else await expect(link).not.toHaveAttribute('target', '_blank');
  }
});

test('the active route is highlighted', async ({ page }) => {
  await page.goto('/how-it-works');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'How It Works' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Find Mechanics' })).not.toHaveAttribute(
    'aria-current',
  );
  await nav.getByRole('link', { name: 'Find Mechanics' }).click();
  await expect(nav.getByRole('link', { name: 'Find Mechanics' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('an unknown route shows the 404 screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found', level: 1 })).toBeVisible();
  // Written for people: what happened and the ways on, never a developer's hint.
  await expect(
    page.getByText("We couldn't find that page. The link may be old or mistyped."),
  ).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toHaveCount(0);
  const ways = page.getByRole('navigation', { name: 'Ways on' });
  await expect(ways.getByRole('link', { name: 'Find a mechanic' })).toHaveAttribute(
    'href',
    '/technicians',
  );
  await expect(ways.getByRole('link', { name: 'Request service' })).toHaveAttribute(
    'href',
    '/request-service',
  );
  // The shell stays around it.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('every route of the spec has a screen, not the 404', async ({ page }) => {
  const routes = [
    '/',
    '/how-it-works',
    '/technicians',
    '/technician/1',
    '/request-service',
    '/repair-software',
    '/pos-system',
    '/technician-notifications',
    '/demo-notifications',
    '/join-wrenchly',
    '/platform-payment',
    '/payment-selection',
    '/payment-history',
    '/admin-dashboard',
    '/admin-verifications',
    '/technician-verifications',
    '/technician-profile',
    '/access-demo',
    '/pricing-guide',
    '/safety-trust',
    '/contact-us',
    '/faq',
    '/terms-of-service',
    '/privacy-policy',
    '/subscription-plans',
  ];
  for (const route of routes) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
    await expect(page.getByText('404 Page Not Found'), route).toHaveCount(0);
  }
});

test('the Mechanic Requirements dialog opens from the footer', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Mechanic Requirements' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Mechanic Requirements' });
  await expect(dialog).toBeVisible();
  for (const section of [
    'Basic Requirements',
    'Certifications',
    'Experience',
    'Background & Insurance',
    'Application Process',
  ]) {
    await expect(dialog.getByRole('heading', { name: section })).toBeVisible();
  }
  await expect(dialog).toContainText('Age 18 or older');
  await expect(dialog).toContainText('At least 1 current ASE certification');
  await expect(dialog).toContainText('Minimum 2 years professional experience');
  await expect(dialog).toContainText('General liability insurance');
  const steps = dialog.getByRole('list').last().getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(1)).toContainText('3-5 business days');
  await expect(dialog.getByRole('link', { name: 'Apply Now' })).toHaveAttribute(
    'href',
    '/join-wrenchly',
  );

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Mechanic Requirements' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the Resources list expands and collapses', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Resources' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'AutoZone' })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const autozone = page.getByRole('link', { name: 'AutoZone' });
  await expect(autozone).toBeVisible();
  await expect(autozone).toHaveAttribute('target', '_blank');
  await expect(autozone).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('link', { name: 'Advance Auto Parts' })).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(autozone).toBeHidden();
});

test('the auth dialog opens on Sign in and resets when closed', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Technician Access' });
  await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByLabel('Username')).toBeVisible();
  await expect(dialog.getByLabel('Password')).toHaveAttribute('type', 'password');

  await dialog.getByRole('tab', { name: 'Register' }).click();
  for (const label of ['Username', 'Email', 'Password', 'Phone', 'Location', 'Specialties']) {
    await expect(dialog.getByLabel(label)).toBeVisible();
  }
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(dialog.getByLabel('Account Type')).toHaveValue('technician');
  await dialog.getByLabel('Username').fill('someone');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  // By the button (the toast says it too).
  await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required fields.');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await expect(dialog.getByLabel('Username')).toHaveValue('');
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the mobile menu opens with its links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    const links: [string, string][] = [
      ['Find Mechanics', '/technicians'],
      ['How It Works', '/how-it-works'],
      ['Request Service', '/request-service'],
      ['Join', '/join-wrenchly'],
    ];
    await expect(menu.getByRole('link')).toHaveCount(links.length);
    for (const [name, href] of links) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Sign in' })).toBeVisible();

    await menu.getByRole('link', { name: 'Find Mechanics' }).click();
    await expect(page).toHaveURL(/\/technicians$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Find Certified Mechanics' })).toBeVisible();

    // Escape closes it; Sign in opens the auth dialog.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Find Mechanics' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog', { name: 'Technician Access' })).toBeVisible();
  });

  test('nothing overflows the screen width', async ({ page }) => {
    for (const route of ['/', '/no/such/page']) {
      await page.goto(route);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, route).toBeLessThanOrEqual(0);
    }
  });
});

test('the sign-in dialog speaks to whoever opened it: a customer gets Customer Access', async ({
  page,
}) => {
  // A customer's screen, signed out: its Sign In opens the customer's dialog.
  await page.goto('/my-requests');
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  let dialog = page.getByRole('dialog', { name: 'Customer Access' });
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await expect(dialog.getByLabel('Account Type')).toHaveValue('customer');
  await expect(dialog.getByLabel('Specialties')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The header's Sign in on the request form is a customer's too; on the home page it is not.
  await page.goto('/request-service');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Customer Access' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Technician Access' });
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await expect(dialog.getByLabel('Account Type')).toHaveValue('technician');
});
