import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, SIGNATURE, test } from './fixtures';

/**
 * Payment reminders of unpaid invoices, as the technician controls them: a switch on each
 * unpaid invoice of the point of sale's Invoices tab, and one in their notification settings.
 *
 * What this journey cannot show is the reminder e-mail itself: the first one goes 3 days after
 * the invoice was issued, by the server's clock, and the journeys' server runs on real time
 * with no way to move it. The reminders (3, 7 and 14 days, once each, none for an invoice or a
 * technician that turned them off) are shown on a movable clock by the API tests,
 * src/server/features/invoice-reminders/invoice-reminders.routes.test.ts. Here: the switches,
 * what the server then stores (what the task reads), and that switching sends nothing.
 */

type Reminders = { enabled: boolean; sent: number; lastSentAt: string | null };
type Invoice = { id: number; invoiceNumber: string; reminders: Reminders };

/** A walk-in customer's signed quote and its invoice, made through the API. */
async function unpaidInvoice(request: APIRequestContext, customerName: string, email: string) {
  const quote = await request.post('/api/quotes', {
    data: {
      customerName,
      customerEmail: email,
      items: [{ type: 'labor', description: 'Brake inspection', quantity: 1, unitPrice: 80 }],
      workLocation: 'Bowie, MD 20715',
    },
  });
  expect(quote.status()).toBe(201);
  const { id: quoteId } = (await quote.json()) as { id: number };
  const signed = await request.patch(`/api/quotes/${quoteId}/approve`, {
    data: { signature: SIGNATURE, version: 1 },
  });
  expect(signed.status()).toBe(200);
  const invoice = await request.post('/api/invoices', { data: { quoteId } });
  expect(invoice.status()).toBe(201);
  return (await invoice.json()) as Invoice;
}

async function remindersOf(request: APIRequestContext, technicianId: number, id: number) {
  const list = await request.get(`/api/invoices/technician/${technicianId}`);
  expect(list.status()).toBe(200);
  return ((await list.json()) as Invoice[]).find((i) => i.id === id)!.reminders;
}

const reminderSwitch = (card: Locator) => card.getByRole('switch', { name: /^Payment reminders/ });

test('a technician turns payment reminders off for one invoice and keeps them for another', async ({
  approvedTechnician,
  mailbox,
}) => {
  const { context } = await approvedTechnician({ prefix: 'remind', plan: 'Professional' });
  const me = (await (await context.request.get('/api/auth/current-user')).json()) as {
    technicianId: number;
  };
  const stamp = Date.now();
  const quiet = await unpaidInvoice(
    context.request,
    `Quinn Quiet ${stamp}`,
    `quinn${stamp}@example.com`,
  );
  const reminded = await unpaidInvoice(
    context.request,
    `Riley Reminded ${stamp}`,
    `riley${stamp}@example.com`,
  );

  const page = await context.newPage();
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const quietCard = page.getByTestId('invoice').filter({ hasText: quiet.invoiceNumber });
  const remindedCard = page.getByTestId('invoice').filter({ hasText: reminded.invoiceNumber });

  // Every new invoice reminds its customer unless told otherwise; none has gone yet.
  for (const card of [quietCard, remindedCard]) {
    await expect(reminderSwitch(card)).toHaveAttribute('aria-checked', 'true');
    await expect(card.getByTestId('reminders-state')).toHaveText('0 of 3 sent');
  }

  await reminderSwitch(quietCard).click();
  await expect(quietCard.getByTestId('reminders-state')).toHaveText('Off');
  await expect(reminderSwitch(quietCard)).toHaveAttribute('aria-checked', 'false');
  // Off, then on again: the other invoice reminds as before.
  await reminderSwitch(remindedCard).click();
  await expect(remindedCard.getByTestId('reminders-state')).toHaveText('Off');
  await reminderSwitch(remindedCard).click();
  await expect(remindedCard.getByTestId('reminders-state')).toHaveText('0 of 3 sent');
  await expect(reminderSwitch(remindedCard)).toBeEnabled();

  // The server keeps what was switched: the reminder task reads it.
  await expect
    .poll(() => remindersOf(context.request, me.technicianId, quiet.id))
    .toEqual({ enabled: false, sent: 0, lastSentAt: null });
  expect(await remindersOf(context.request, me.technicianId, reminded.id)).toEqual({
    enabled: true,
    sent: 0,
    lastSentAt: null,
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(reminderSwitch(quietCard)).toHaveAttribute('aria-checked', 'false');
  await expect(reminderSwitch(remindedCard)).toHaveAttribute('aria-checked', 'true');

  // Paid, an invoice has nothing to remind of: its switch goes.
  await remindedCard.getByRole('button', { name: 'Take Payment' }).click();
  await page.getByLabel('Payment Method').selectOption('cash');
  await page.getByRole('button', { name: /Process Payment/ }).click();
  await expect(page.getByText('Payment Recorded')).toBeVisible();
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(remindedCard.getByText('Paid', { exact: true })).toBeVisible();
  await expect(reminderSwitch(remindedCard)).toHaveCount(0);
  await expect(reminderSwitch(quietCard)).toBeVisible();

  // Switching sends the customers nothing; a reminder is the task's, days after the invoice.
  const mails = await mailbox();
  expect(
    mails.filter(
      (m) =>
        m.template === 'invoice_reminder' &&
        [`quinn${stamp}@example.com`, `riley${stamp}@example.com`].includes(m.to),
    ),
  ).toEqual([]);
});

test("a technician turns payment reminders off for all their invoices in the profile's settings", async ({
  approvedTechnician,
}) => {
  const { context } = await approvedTechnician({ prefix: 'remindall' });
  const page = await context.newPage();
  await page.goto('/technician-profile');
  const card = page.getByRole('region', { name: 'Notifications', exact: true });
  const toggle = card.getByRole('switch', { name: 'Payment reminders' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await card.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  const stored = async () =>
    (
      (await (await context.request.get('/api/technicians/me/notification-settings')).json()) as {
        invoiceReminders: boolean;
      }
    ).invoiceReminders;
  expect(await stored()).toBe(false);
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await card.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  expect(await stored()).toBe(true);
});
