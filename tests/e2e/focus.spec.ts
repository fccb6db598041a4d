import type { Locator, Page } from '@playwright/test';
import { JOIN_PATH } from '../../src/shared/brand';
import { expect, test } from './fixtures';

// Where keyboard focus goes when dialogs open and close and when a form is sent
// with errors, and a focus ring that stands out.

const header = (page: Page) => page.getByRole('banner');

test('the sign-in dialog opens on Username; closing it returns focus to Sign in', async ({
  page,
}) => {
  await page.goto('/');
  const signIn = header(page).getByRole('button', { name: 'Sign in', exact: true });
  await signIn.click();
  const dialog = page.getByRole('dialog', { name: 'Technician Access' });
  await expect(dialog.getByLabel('Username')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signIn).toBeFocused();

  // Again from the keyboard, closed with its Close button this time.
  await signIn.press('Enter');
  await expect(dialog.getByLabel('Username')).toBeFocused();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(signIn).toBeFocused();
});

test('on a phone, Sign in from the menu returns focus to the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Open menu' });
  for (let round = 0; round < 2; round++) {
    // The second round: the dialog's code is loaded already, so it opens as the menu closes.
    await menu.click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: 'Sign in', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Technician Access' });
    await expect(dialog.getByLabel('Username')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menu).toBeFocused();
  }
  // The menu on its own gives focus back too.
  await menu.click();
  await page.keyboard.press('Escape');
  await expect(menu).toBeFocused();
});

/** Opens a dialog with `opener`, closes it with `close`, expects focus back on `opener`. */
async function roundTrip(page: Page, opener: Locator, name: string | RegExp, close: string) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  if (close === 'Escape') await page.keyboard.press('Escape');
  else await dialog.getByRole('button', { name: close, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test('dialogs opened from state give focus back to their button when they close', async ({
  page,
}) => {
  await page.goto('/');
  await roundTrip(
    page,
    page.getByRole('button', { name: 'Find a Technician' }),
    'Find a Technician',
    'Escape',
  );
  await roundTrip(
    page,
    page.getByRole('button', { name: 'Contact Mechanic' }).nth(1),
    /^Contact /,
    'Close',
  );
  await roundTrip(
    page,
    page.getByRole('contentinfo').getByRole('button', { name: 'Mechanic Requirements' }),
    'Mechanic Requirements',
    'Escape',
  );
});

test('the chat helper takes focus to its field and gives it back on Escape', async ({ page }) => {
  await page.goto('/faq');
  const open = page.getByRole('button', { name: 'Open chat helper' });
  await open.click();
  await expect(page.getByLabel('Describe your car issue')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Chat helper' })).toBeHidden();
  await expect(open).toBeFocused();
  await open.click();
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(open).toBeFocused();
});

test('the job dialog on job notifications gives focus back to the job it opened from', async ({
  signedInPage,
}) => {
  const page = await signedInPage('technician');
  await page.goto('/technician-notifications');
  const job = page.getByRole('region', { name: 'Recently Declined' }).getByRole('button').first();
  await job.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(job).toBeFocused();
});

test('an invalid request focuses its first wrong field, scrolled into view', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/request-service');
  const submit = page.getByRole('button', { name: 'Submit Request' });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  const first = page.locator('form [aria-invalid="true"]').first();
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
  // Its message is read with it.
  const message = page.locator(`#${await first.getAttribute('aria-describedby')}`);
  await expect(message).toBeVisible();
  await expect(message).toBeInViewport();
});

test('the technician application focuses its first wrong field', async ({ page }) => {
  await page.goto(JOIN_PATH);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByLabel('First Name *')).toBeFocused();
  await expect(page.getByLabel('First Name *')).toBeInViewport();
  await page.getByLabel('First Name *').fill('Dana');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByLabel('Last Name *')).toBeFocused();
});

test('signing in with a field left empty focuses that field', async ({ page }) => {
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Technician Access' });
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByLabel('Username')).toBeFocused();
  await expect(dialog.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Username').fill('technician');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByLabel('Password')).toBeFocused();
  // Register: its first empty required field.
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('Username *').fill('someone');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByLabel('Email *')).toBeFocused();
});

test('a mistyped new password focuses the field to fix', async ({ page, linkFromMailbox }) => {
  const username = `refocus${Date.now()}`;
  const email = `${username}@example.com`;
  const reg = await page.request.post('/api/auth/register', {
    data: { username, email, password: 'the-old-password', accountType: 'customer' },
  });
  expect(reg.status()).toBe(201);
  const forgot = await page.request.post('/api/auth/forgot-password', { data: { email } });
  expect(forgot.status()).toBe(200);
  await page.goto(await linkFromMailbox(email, 'reset_password', 'set-password'));
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').focus();
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByLabel('New Password')).toBeFocused();
  await expect(page.getByLabel('New Password')).toHaveAccessibleDescription(
    'Password must be at least 8 characters',
  );
  await page.getByLabel('New Password').fill('long-enough-1');
  await page.getByLabel('Confirm Password').fill('something-else');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByLabel('Confirm Password')).toBeFocused();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

/** WCAG relative luminance of a CSS rgb()/rgba() colour. */
function luminance(css: string) {
  const [r, g, b] = css
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map(Number)
    .map((v) => v / 255)
    .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

test('a primary button focused from the keyboard shows a ring of at least 3:1', async ({
  page,
}) => {
  await page.goto('/request-service');
  const button = page.getByRole('button', { name: 'Submit Request' });
  await button.focus();
  // Focused by script: make it keyboard-like (focus-visible) by tabbing away and back.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(button).toBeFocused();
  expect(await button.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
  const readRing = () =>
    button.evaluate((el) => {
      const s = getComputedStyle(el);
      return {
        style: s.outlineStyle,
        width: parseFloat(s.outlineWidth),
        color: s.outlineColor,
        page: getComputedStyle(document.body).backgroundColor,
      };
    });
  // The button's colours transition: the ring is judged once no transition runs (on a busy
  // machine a first reading can fall mid-transition).
  await expect.poll(() => button.evaluate((el) => el.getAnimations().length)).toBe(0);
  const ring = await readRing();
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.color, ring.page)).toBeGreaterThanOrEqual(3);
  expect(contrast(ring.color, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(3);
});
