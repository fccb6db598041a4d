import type { APIRequestContext } from '@playwright/test';
import { expect, PDF, test } from './fixtures';

/**
 * What the marketplace says about credentials is true (ADR 033): public pages show verified
 * credentials only and call only a technician with a verified license and insurance certified;
 * a technician awaiting approval adds credentials, the admin sees their documents, marks Verified
 * only with a document or a note of how it was checked, and a technician whose profile says what
 * blocks their leads follows the advice, withdraws the rejected record and is certified.
 */

type Listed = { id: number; user: { firstName: string; lastName: string } };

async function technicianNamed(request: APIRequestContext, name: string) {
  const list = (await (await request.get(`/api/technicians?name=${name}`)).json()) as Listed[];
  return list[0]!;
}

test('the public sees verified credentials only; the technician also sees theirs in review', async ({
  page,
  signedInPage,
}) => {
  // Tyrone's insurance is still in review: listed as new, not as certified.
  await page.goto('/technicians?name=Tyrone');
  const tyroneCard = page.getByTestId('technician-card').filter({ hasText: 'Tyrone Williams' });
  await expect(tyroneCard.getByText('New, credentials in review')).toBeVisible();
  await expect(tyroneCard.getByText('Certified', { exact: true })).toHaveCount(0);
  await page.goto('/technicians?name=Marcus');
  const marcusCard = page.getByTestId('technician-card').filter({ hasText: 'Marcus Johnson' });
  await expect(marcusCard.getByText('Certified', { exact: true })).toBeVisible();
  // His 'ASE Master Technician' waits for review: not on the card, only the verified EPA 609.
  await expect(marcusCard.getByText('EPA 609')).toBeVisible();
  await expect(marcusCard.getByText('ASE Master Technician')).toHaveCount(0);

  // A profile in review offers no 'Request service' (no leads until verified).
  const tyrone = await technicianNamed(page.request, 'Tyrone');
  await page.goto(`/technician/${tyrone.id}`);
  await expect(page.getByRole('heading', { name: 'Tyrone Williams', level: 1 })).toBeVisible();
  await expect(page.getByText('New, credentials in review')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request service', exact: true })).toHaveCount(0);

  // The home page counts certified technicians only.
  const stats = (await (await page.request.get('/api/stats')).json()) as {
    approvedTechnicians: number;
    certifiedTechnicians: number;
  };
  expect(stats.certifiedTechnicians).toBeLessThan(stats.approvedTechnicians);
  await page.goto('/');
  await expect(
    page.getByText(`${stats.certifiedTechnicians}+ certified technicians`),
  ).toBeVisible();

  const marcus = await technicianNamed(page.request, 'Marcus');
  await page.goto(`/technician/${marcus.id}`);
  await expect(page.getByRole('heading', { name: 'Certifications' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request service', exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'EPA 609' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'ASE Master Technician' })).toHaveCount(
    0,
  );
  await expect(page.getByText('Pending review')).toHaveCount(0);

  // Marcus himself sees it, marked pending, on his public profile and his own profile.
  const tech = await signedInPage('technician');
  await tech.goto(`/technician/${marcus.id}`);
  const pendingItem = tech.getByRole('listitem').filter({ hasText: 'ASE Master Technician' });
  await expect(pendingItem.getByText('Pending review')).toBeVisible();
  await expect(
    tech.getByText('Certifications in review are not shown to the public.'),
  ).toBeVisible();
  await tech.goto('/technician-profile');
  await expect(tech.getByText('Listed as:')).toBeVisible();
  await expect(tech.getByText('Certified', { exact: true })).toBeVisible();
  const own = tech.getByTestId('own-certifications');
  await expect(
    own.getByRole('listitem').filter({ hasText: 'ASE Master Technician' }),
  ).toContainText('Pending review');
  await expect(own.getByRole('link', { name: 'My Verifications' })).toBeVisible();
  await tech.context().close();
});

test('a pending technician adds credentials, the admin checks them, and following the advice lifts the block', async ({
  browser,
  signedInPage,
}) => {
  const username = `creds${Date.now()}`;
  const password = 'a-strong-password';
  const techContext = await browser.newContext();
  const tech = await techContext.newPage();
  // Registered as from the sign-in dialog: awaiting approval.
  const registered = await tech.request.post('/api/auth/register', {
    data: {
      username,
      email: `${username}@example.com`,
      password,
      firstName: 'Dana',
      lastName: 'Credentials',
      accountType: 'technician',
      location: 'Laurel, MD',
      specialties: 'Brakes',
    },
  });
  expect(registered.status()).toBe(201);
  expect(
    (await tech.request.post('/api/auth/signin', { data: { username, password } })).status(),
  ).toBe(200);

  // Awaiting approval, they add their license with its document: accepted, pending review.
  await tech.goto('/technician-verifications');
  await tech.getByRole('button', { name: 'Add Verification' }).click();
  await tech.getByLabel('Verification Type *').selectOption('license');
  await tech.getByLabel('Credential Name *').fill("Maryland Driver's License");
  await tech.getByLabel('Issuing Organization *').fill('Maryland MVA');
  await tech.getByLabel('Credential Number').fill('MD-7781-22');
  await tech.getByLabel('Document (optional)').setInputFiles({
    name: 'license.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(tech.getByText('Document attached.')).toBeVisible();
  await tech.getByRole('button', { name: 'Submit Verification' }).click();
  await expect(tech.getByText('Verification submitted for review')).toBeVisible();
  // And their insurance, without a document.
  await tech.getByRole('button', { name: 'Add Verification' }).click();
  await tech.getByLabel('Verification Type *').selectOption('insurance');
  await tech.getByLabel('Credential Name *').fill('Liability Policy');
  await tech.getByLabel('Issuing Organization *').fill('Acme Mutual');
  await tech.getByRole('button', { name: 'Submit Verification' }).click();
  await expect(
    tech.getByTestId('verification').filter({ hasText: 'Liability Policy' }),
  ).toBeVisible();

  await tech.goto('/technician-profile');
  const blockers = tech.getByTestId('dispatch-blockers');
  await expect(blockers).toContainText('Your account is awaiting approval by our admin team.');
  await expect(blockers).toContainText(
    `Your license "Maryland Driver's License" is waiting for review by our admin team`,
  );
  await expect(tech.getByText('New, credentials in review')).toBeVisible();

  // The admin's approval card links the document; the admin approves the account.
  const admin = await signedInPage('admin');
  await admin.goto('/admin-dashboard');
  await admin.getByRole('tab', { name: 'User Management' }).click();
  const card = admin.getByRole('listitem').filter({ hasText: 'Dana Credentials' });
  await expect(
    card.getByRole('button', { name: "Professional License: Maryland Driver's License" }),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Approve Dana Credentials' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(card).toHaveCount(0);

  // The license has its document: Verified needs nothing more.
  await admin.goto('/admin-verifications');
  const license = admin
    .getByTestId('admin-verification')
    .filter({ hasText: "Maryland Driver's License" })
    .filter({ hasText: 'Dana Credentials' });
  await license.getByRole('button', { name: 'Review' }).click();
  let panel = admin.getByRole('region', { name: 'Review verification' });
  await expect(panel.getByText('View attached document')).toBeVisible();
  await panel.getByLabel('Status').selectOption('verified');
  await expect(panel.getByText('How you checked it (optional)')).toBeVisible();
  await panel.getByRole('button', { name: 'Update Status' }).click();
  await expect(panel).toBeHidden();

  // The insurance has none: Verified asks how it was checked; the admin rejects it instead.
  const insurance = admin
    .getByTestId('admin-verification')
    .filter({ hasText: 'Liability Policy' })
    .filter({ hasText: 'Dana Credentials' });
  await insurance.getByRole('button', { name: 'Review' }).click();
  panel = admin.getByRole('region', { name: 'Review verification' });
  await expect(panel.getByText('No document attached.')).toBeVisible();
  await panel.getByLabel('Status').selectOption('verified');
  await panel.getByRole('button', { name: 'Update Status' }).click();
  await expect(panel.getByText('Name the registry you checked it in')).toBeVisible();
  await expect(panel.getByText('Give the reference the registry shows for it')).toBeVisible();
  await expect(panel.getByLabel('Registry *')).toHaveAttribute('aria-invalid', 'true');
  await panel.getByLabel('Status').selectOption('rejected');
  await panel.getByLabel('Notes').fill('The certificate names another business.');
  await panel.getByRole('button', { name: 'Update Status' }).click();
  await expect(panel).toBeHidden();

  // The profile says exactly what blocks leads and how to fix it.
  await tech.reload();
  await expect(blockers).toContainText(
    'Your insurance "Liability Policy" was rejected (The certificate names another business). Add a valid insurance under My Verifications: job notifications start once our admin team verifies it.',
  );
  await expect(blockers).not.toContainText('license');

  // They follow it: a valid insurance, which the admin verifies, noting how it was checked.
  await tech.goto('/technician-verifications');
  await tech.getByRole('button', { name: 'Add Verification' }).click();
  await tech.getByLabel('Verification Type *').selectOption('insurance');
  await tech.getByLabel('Credential Name *').fill('General Liability Insurance');
  await tech.getByLabel('Issuing Organization *').fill('State Farm');
  await tech.getByLabel('Credential Number').fill('GL-7781');
  await tech.getByRole('button', { name: 'Submit Verification' }).click();
  await expect(tech.getByText('Verification submitted for review')).toBeVisible();

  await admin.reload();
  const renewed = admin
    .getByTestId('admin-verification')
    .filter({ hasText: 'General Liability Insurance' })
    .filter({ hasText: 'Dana Credentials' });
  await renewed.getByRole('button', { name: 'Review' }).click();
  panel = admin.getByRole('region', { name: 'Review verification' });
  await panel.getByLabel('Status').selectOption('verified');
  await panel.getByLabel('Registry *').fill('State Farm policy verification line');
  await panel.getByLabel('Reference *').fill('GL-7781');
  await panel.getByRole('button', { name: 'Update Status' }).click();
  await expect(panel).toBeHidden();

  // The rejected record is on the admin's list to clear, but the technician withdraws it.
  await admin.getByRole('tab', { name: /Rejected and Expired/ }).click();
  await expect(
    admin
      .getByTestId('admin-verification')
      .filter({ hasText: 'Liability Policy' })
      .filter({ hasText: 'Dana Credentials' }),
  ).toBeVisible();

  await tech.reload();
  const verifiedCard = tech.getByTestId('verification').filter({ hasText: 'GL-7781' });
  await expect(verifiedCard.getByText('Verified', { exact: true })).toBeVisible();
  await expect(
    verifiedCard.getByText('Checked in State Farm policy verification line, reference GL-7781'),
  ).toBeVisible();
  const rejectedCard = tech.getByTestId('verification').filter({ hasText: 'Liability Policy' });
  await expect(rejectedCard.getByText('Rejection Reason')).toBeVisible();
  await rejectedCard.getByRole('button', { name: 'Withdraw Liability Policy' }).click();
  await expect(tech.getByText('Verification withdrawn')).toBeVisible();
  await expect(rejectedCard).toHaveCount(0);

  // Certified now: nothing about credentials blocks leads (a plan still would).
  await tech.goto('/technician-profile');
  await expect(tech.getByText('Certified', { exact: true })).toBeVisible();
  await expect(blockers).not.toContainText('insurance');
  await expect(blockers).not.toContainText('license');
  await expect(blockers).toContainText('Your plan does not include job leads.');

  await admin.reload();
  await admin.getByRole('tab', { name: /Rejected and Expired/ }).click();
  await expect(
    admin.getByTestId('admin-verification').filter({ hasText: 'Dana Credentials' }),
  ).toHaveCount(0);
  await Promise.all([techContext.close(), admin.context().close()]);
});
