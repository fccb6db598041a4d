import type { Page } from '@playwright/test';
import { expect, PDF, PNG, test, type Mail } from './fixtures';

async function fillApplication(page: Page, first: string, last: string, email: string) {
  await page.getByLabel('First Name *').fill(first);
  await page.getByLabel('Last Name *').fill(last);
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Phone *').fill('(301) 555-0199');
  await page.getByLabel('Street Address *').fill('4100 Hamilton Street');
  await page.getByLabel('City *').fill('Hyattsville');
  await page.getByLabel('State *').selectOption('MD');
  await page.getByLabel('ZIP Code *').fill('20781');
  await page.getByLabel('Years of Experience *').fill('6');
  await page.getByLabel('Hourly Rate ($) *').fill('85');
  await page.getByLabel('Brakes').check();
  await page.getByLabel('Diagnostics').check();
  await page
    .getByLabel('Bio *')
    .fill('Six years as a dealership technician, now fully mobile with a stocked van and scanner.');
}

test('an application with two documents is approved; the new technician sets a password and signs in', async ({
  page,
  signedInPage,
  mailbox,
  signInFields,
}) => {
  const stamp = Date.now();
  const email = `applicant${stamp}@example.com`;
  const last = `Applicant${stamp % 100000}`;
  await page.goto('/join-wrenchly');
  await expect(page.getByRole('heading', { name: 'Join Wrenchly', level: 1 })).toBeVisible();
  await expect(page.getByText(/Plans from \$2\.99\/month/)).toBeVisible();

  // The form's own rules, with the spec's texts.
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please select at least one specialty')).toBeVisible();
  await expect(page.getByText('Bio must be at least 50 characters')).toBeVisible();

  await fillApplication(page, 'Jordan', last, email);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Missing Required Documents')).toBeVisible();
  await expect(page.getByText("Please upload: Driver's License, ASE Certification")).toBeVisible();

  await page.getByLabel("Driver's License file").setInputFiles({
    name: 'license.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByText("Driver's License uploaded successfully")).toBeVisible();
  await page.getByLabel('ASE Certification file').setInputFiles({
    name: 'ase.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('ASE Certification uploaded successfully')).toBeVisible();
  const uploaded = page.getByRole('button', { name: 'Uploaded' });
  await expect(uploaded).toHaveCount(2);
  await expect(uploaded.first()).toBeDisabled();

  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Application Submitted')).toBeVisible();
  // The form and the slots reset.
  await expect(page.getByLabel('First Name *')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Uploaded' })).toHaveCount(0);

  // The admin approves it from the pending-approvals queue.
  const admin = await signedInPage('admin');
  await admin.goto('/admin-dashboard');
  await admin.getByRole('tab', { name: 'User Management' }).click();
  await admin.getByRole('button', { name: `Approve Jordan ${last}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  // The dialog stays open until the server has answered (behind it the row reads as hidden).
  await expect(admin.getByRole('dialog')).toBeHidden();
  await expect(admin.getByRole('button', { name: `Approve Jordan ${last}` })).toBeHidden();

  // The approval e-mail carries a single-use link to set a password.
  let approval: Mail | undefined;
  await expect
    .poll(async () => {
      approval = (await mailbox()).find(
        (m) => m.to === email && m.template === 'application_approved',
      );
      return approval;
    })
    .toBeTruthy();
  const link = /\/set-password#token=[\w%-]+/.exec(approval?.text ?? '')?.[0];
  expect(link).toBeTruthy();
  const username = /Your username is (\S+?)\. /.exec(approval!.text)?.[1];
  expect(username).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('my-new-password-1');
  await page.getByLabel('Confirm Password').fill('my-new-password-1');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password Set')).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await signInFields(username!, 'my-new-password-1');
  await expect(page).toHaveURL(/\/technician-profile$/);
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();

  // The link works once.
  await page.goto(link!);
  await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
  await admin.context().close();
});

test('a verification is added, reviewed by the admin and shown as verified', async ({
  signedInPage,
}) => {
  const tech = await signedInPage('technician');
  const name = `Hybrid Systems ${Date.now()}`;
  await tech.goto('/technician-verifications');
  await expect(tech.getByRole('heading', { name: 'My Verifications', level: 1 })).toBeVisible();
  await tech.getByRole('button', { name: 'Add Verification' }).click();
  await tech.getByRole('button', { name: 'Submit Verification' }).click();
  await expect(tech.getByText('Please fill in all required fields')).toBeVisible();

  await tech.getByLabel('Verification Type *').selectOption('certification');
  await tech.getByLabel('Credential Name *').fill(name);
  await tech.getByLabel('Issuing Organization *').fill('ASE');
  await tech.getByLabel('Credential Number').fill('L3-55512');
  await tech.getByLabel('Document (optional)').setInputFiles({
    name: 'cert.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(tech.getByText('Document attached.')).toBeVisible();
  await tech.getByRole('button', { name: 'Submit Verification' }).click();
  await expect(tech.getByText('Verification submitted for review')).toBeVisible();
  const card = tech.getByTestId('verification').filter({ hasText: name });
  await expect(card.getByText('Pending')).toBeVisible();

  const admin = await signedInPage('admin');
  await admin.goto('/admin-verifications');
  await expect(admin.getByRole('tab', { name: /Pending Verifications \(\d+\)/ })).toBeVisible();
  await expect(admin.getByRole('tab', { name: /Expiring Soon \(\d+\)/ })).toBeVisible();
  const item = admin.getByTestId('admin-verification').filter({ hasText: name });
  await item.getByRole('button', { name: 'Review' }).click();
  const panel = admin.getByRole('region', { name: 'Review verification' });
  await expect(panel.getByText('Marcus Johnson')).toBeVisible();
  await expect(panel.getByText('View attached document')).toBeVisible();
  await panel.getByLabel('Status').selectOption('verified');
  await panel.getByLabel('Notes').fill('Checked with ASE.');
  await panel.getByRole('button', { name: 'Update Status' }).click();
  await expect(panel).toBeHidden();
  await expect(item).toBeHidden();

  await tech.reload();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByText(/Verified on .+ by /)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await Promise.all([tech.context().close(), admin.context().close()]);
});

test('a pending verification can be deleted', async ({ signedInPage }) => {
  const tech = await signedInPage('technician');
  const name = `Delete Me ${Date.now()}`;
  await tech.goto('/technician-verifications');
  await tech.getByRole('button', { name: 'Add Verification' }).click();
  await tech.getByLabel('Verification Type *').selectOption('insurance');
  await tech.getByLabel('Credential Name *').fill(name);
  await tech.getByLabel('Issuing Organization *').fill('Acme Insurance');
  await tech.getByRole('button', { name: 'Submit Verification' }).click();
  const card = tech.getByTestId('verification').filter({ hasText: name });
  await card.getByRole('button', { name: 'Delete' }).click();
  await expect(tech.getByText('Verification deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
  await tech.context().close();
});
