import { expect, PNG, test } from './fixtures';
import { formatPhone } from '../../src/shared/phone';

for (const [username, landing, heading] of [
  ['admin', /\/admin-dashboard$/, 'Admin Dashboard'],
  ['technician', /\/technician-profile$/, 'My Technician Profile'],
  ['customer', /\/$/, 'Certified mobile mechanics, at your door'],
] as const) {
  test(`the demo ${username} signs in and lands where the spec says`, async ({
    page,
    signInThroughDialog,
  }) => {
    await page.goto('/');
    const dialog = await signInThroughDialog(username);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(landing);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });
}

test('a wrong password shows Sign In Failed with the server message', async ({
  page,
  signInThroughDialog,
}) => {
  await page.goto('/');
  await signInThroughDialog('admin', 'nope');
  await expect(page.getByText('Sign In Failed')).toBeVisible();
  // Inline by the button (the toast says it too).
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
    'Invalid username or password',
  );
});

test('missing fields are caught before the server', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
    'Please enter both username and password.',
  );
});

test('registration refuses a weak password before the server, with the same message', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Technician Access' });
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('Username *').fill('weak.pat');
  await dialog.getByLabel('Email *').fill('weak.pat@example.com');
  await dialog.getByLabel('Password *').fill('password');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('This password is too common: choose another one')).toBeVisible();
  await expect(dialog.getByLabel('Password *')).toBeFocused();
});

test('guard screens: anonymous and non-admin', async ({ page, signIn }) => {
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('admin / wrenchly-demo')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  await signIn('customer');
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await expect(page.getByText('Your current role: customer')).toBeVisible();
  // The demo's ?role=admin opens no admin screen to someone who is not one.
  await page.goto('/admin-dashboard?role=admin');
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveCount(0);
});

test("a visitor is asked to sign in before a plan's card form, not after paying", async ({
  page,
}) => {
  await page.goto('/payment-selection?plan=Professional&price=79');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Demo technician: username technician')).toBeVisible();
  await expect(page.getByLabel('Cardholder Name')).toHaveCount(0);
  await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Technician Access' })).toBeVisible();
});

test('an admin approves a pending technician, who can then use technician pages', async ({
  page,
  browser,
  signInThroughDialog,
}) => {
  const username = `newtech${Date.now()}`;
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Technician Access' });
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('Username *').fill(username);
  await dialog.getByLabel('Email *').fill(`${username}@example.com`);
  await dialog.getByLabel('Password *').fill('a-strong-password');
  await dialog.getByLabel('Location').selectOption('Laurel, MD');
  await dialog.getByLabel('Specialties').fill('Brakes, Electrical');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration Submitted')).toBeVisible();

  // Registering signed them in: their profile says it awaits approval.
  const techPage = page;
  await expect(techPage).toHaveURL(/\/technician-profile$/);
  await expect(techPage.getByText('Pending approval')).toBeVisible();
  await expect(techPage.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  // The admin approves it from the pending-approvals queue.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await adminPage.goto('/');
  await signInThroughDialog('admin', undefined, adminPage);
  await expect(adminPage).toHaveURL(/\/admin-dashboard$/);
  await adminPage.getByRole('tab', { name: 'User Management' }).click();
  await adminPage.getByRole('button', { name: new RegExp(`Approve ${username}`, 'i') }).click();
  // A confirmation dialog asks first.
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(adminPage.getByText('Approved', { exact: true })).toBeVisible();
  await admin.close();

  await techPage.reload();
  await expect(techPage.getByText('Approved', { exact: true })).toBeVisible();
  await techPage.getByLabel('Hourly Rate ($)').fill('85');
  await techPage.getByLabel('Available for new jobs').check();
  await techPage.getByRole('button', { name: 'Save Profile' }).click();
  await expect(techPage.getByText('Profile Updated')).toBeVisible();
});

test('the access demo shows Restricted badges by role', async ({ page }) => {
  await page.goto('/access-demo?role=customer');
  await expect(page.getByText('Casey Customer')).toBeVisible();
  const row = (name: string) => page.getByRole('listitem').filter({ hasText: name });
  await expect(row('Admin Dashboard').getByText('Restricted')).toBeVisible();
  await expect(row('Job Notifications').getByText('Restricted')).toBeVisible();
  await expect(row('Browse Technicians').getByText('Allowed')).toBeVisible();
  await page.getByRole('button', { name: 'View as Technician' }).click();
  await expect(page).toHaveURL(/role=technician/);
  await expect(row('Job Notifications').getByText('Allowed')).toBeVisible();
  await expect(row('Admin Dashboard').getByText('Restricted')).toBeVisible();
});

test('a technician uploads a profile photo (its first PUT answered 503 and retried) that the public profile shows', async ({
  page,
  signInThroughDialog,
}) => {
  // The file's first PUT meets a 503 and is retried; the second goes through.
  const puts: number[] = [];
  await page.route('**/api/documents/upload/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    if (puts.length === 0) {
      puts.push(503);
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '1' },
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service unavailable' }),
      });
    } else {
      const response = await route.fetch();
      puts.push(response.status());
      await route.fulfill({ response });
    }
  });

  await page.goto('/');
  await signInThroughDialog('technician');
  await expect(page).toHaveURL(/\/technician-profile$/);
  await page.getByLabel('Profile Photo').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByText('Retrying…')).toBeVisible();
  await expect(page.getByText('Photo Updated')).toBeVisible();
  await expect(page.getByText('Retrying…')).toHaveCount(0);
  await expect(page.locator('#p-photo-error')).toHaveCount(0);
  expect(puts).toEqual([503, 200]);
  const src = await page.getByRole('img', { name: 'Marcus Johnson' }).getAttribute('src');
  expect(src).toMatch(/^\/api\/technicians\/\d+\/photo\/\d+$/);
  const id = /technicians\/(\d+)\//.exec(src!)![1];
  await page.goto(`/technician/${id}`);
  await expect(page.locator(`img[src="${src}"]`)).toBeVisible();
});

test('a forgotten password: an e-mailed single-use link, a new password, then sign in', async ({
  page,
  linkFromMailbox,
  signInFields,
}) => {
  const username = `forgetful${Date.now()}`;
  const email = `${username}@example.com`;
  const reg = await page.request.post('/api/auth/register', {
    data: { username, email, password: 'the-old-password', accountType: 'customer' },
  });
  expect(reg.status()).toBe(201);
  // Registering signed this browser in: sign out, as someone who forgot would be.
  expect((await page.request.post('/api/auth/signout')).ok()).toBe(true);

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Technician Access' });
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByText(/If an account uses that e-mail address/)).toBeVisible();

  const link = await linkFromMailbox(email, 'reset_password', 'set-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('short');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New Password').fill('the-new-password');
  await page.getByLabel('Confirm Password').fill('the-new-password');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password Set')).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await signInFields(username, 'the-new-password');
  await expect(page.getByText('Welcome back!')).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
});

test('the registration e-mail confirms the address', async ({ page, linkFromMailbox }) => {
  const username = `confirmer${Date.now()}`;
  const email = `${username}@example.com`;
  const reg = await page.request.post('/api/auth/register', {
    data: { username, email, password: 'a-fine-password', accountType: 'customer' },
  });
  expect(reg.status()).toBe(201);
  const link = await linkFromMailbox(email, 'verify_email', 'verify-email');
  await page.goto(link);
  await expect(page.getByText('E-mail Confirmed')).toBeVisible();
  await expect(page.getByText('Your e-mail address is confirmed.')).toBeVisible();
});

test("a technician's phone is a tap-to-call link on the profile; no e-mail is shown", async ({
  page,
}) => {
  const list = (await (await page.request.get('/api/technicians?pageSize=50')).json()) as {
    id: number;
    user: { phone: string | null; email: string | null };
  }[];
  expect(list.every((x) => x.user.email === null)).toBe(true);
  const withPhone = list.find((x) => x.user.phone);
  expect(withPhone).toBeTruthy();
  // Stored in E.164, shown as people write it, called through the E.164 form.
  const e164 = withPhone!.user.phone!;
  expect(e164).toMatch(/^\+1\d{10}$/);
  await page.goto(`/technician/${withPhone!.id}`);
  const call = page.getByRole('link', {
    name: new RegExp(`at ${escapeRegExp(formatPhone(e164))}$`),
  });
  await expect(call).toBeVisible();
  expect(await call.getAttribute('href')).toBe(`tel:${e164}`);
});

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('an admin rejects a registration awaiting approval; the applicant is told by e-mail', async ({
  page,
  signInThroughDialog,
  mailbox,
}) => {
  const username = `rejectme${Date.now()}`;
  const email = `${username}@example.com`;
  const reg = await page.request.post('/api/auth/register', {
    data: { username, email, password: 'a-fine-password', location: 'Laurel, MD' },
  });
  expect(reg.status()).toBe(201);
  // Registering signed this browser in as the applicant; the admin signs in here instead.
  expect((await page.request.post('/api/auth/signout')).ok()).toBe(true);
  await page.goto('/');
  await signInThroughDialog('admin');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByRole('button', { name: new RegExp(`Reject ${username}`, 'i') }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByText('Registration rejected', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole('button', { name: new RegExp(`Reject ${username}`, 'i') }),
  ).toBeHidden();
  const mails = await mailbox();
  expect(mails.some((m) => m.to === email && m.template === 'registration_rejected')).toBe(true);
});

test('a customer who registers is signed in at once, errors are said under their fields, and the e-mailed link signs in only the browser that registered', async ({
  page,
  browser,
  linkFromMailbox,
}) => {
  const username = `samebrowser${Date.now()}`;
  const email = `${username}@example.com`;
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Technician Access' });
  await dialog.getByRole('tab', { name: 'Register' }).click();

  // Missing fields and a taken username are said under their fields, not in a toast.
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required fields.');
  await expect(dialog.getByText('Please choose a username')).toBeVisible();
  await expect(dialog.getByText('Please enter your e-mail address')).toBeVisible();
  await expect(dialog.getByLabel('Username *')).toBeFocused();
  await expect(dialog.getByLabel('Email *')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Username *').fill('technician');
  await dialog.getByLabel('Email *').fill(email);
  await dialog.getByLabel('Password *').fill('a-fine-password');
  await dialog.getByLabel('Account Type').selectOption('customer');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('That username is already taken')).toBeVisible();
  await expect(dialog.getByLabel('Username *')).toHaveAccessibleDescription(
    'That username is already taken',
  );
  await expect(page.getByText('Registration Failed')).toHaveCount(0);

  await dialog.getByLabel('Username *').fill(username);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration Submitted')).toBeVisible();
  // Signed in at once, staying where they were.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const link = await linkFromMailbox(email, 'verify_email', 'verify-email');

  // The link in the registering browser: confirmed, still signed in, one tap from their requests.
  await page.goto(link);
  await expect(page.getByText('E-mail Confirmed')).toBeVisible();
  await expect(page.getByText("You're signed in.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Requests' })).toBeVisible();

  // A link opened in a browser that did not register: confirmed, nobody signed in.
  const registering = await browser.newContext();
  const other = `${username}b`;
  const reg = await registering.request.post('/api/auth/register', {
    data: {
      username: other,
      email: `${other}@example.com`,
      password: 'a-fine-password',
      accountType: 'customer',
    },
  });
  expect(reg.status()).toBe(201);
  const otherLink = await linkFromMailbox(`${other}@example.com`, 'verify_email', 'verify-email');
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await otherPage.goto(otherLink);
  await expect(otherPage.getByText('E-mail Confirmed')).toBeVisible();
  await expect(otherPage.getByText("You're signed in.")).toHaveCount(0);
  await expect(otherPage.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  await expect(otherPage.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await Promise.all([registering.close(), elsewhere.close()]);
});
