import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, signOnPad, test, type Mail } from './fixtures';

/**
 * The pages with prices, totals and buttons at the bottom, on a 390 px phone: the chat button
 * covers none of them at any scroll position, and a quote's columns stay apart.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A line whose description has a word too long for a phone's column (a part number). */
const LONG_LINE = 'Serpentine belt OEM-PN-77334199210-XL-REINFORCED-KIT';

/**
 * At the top, the middle and the bottom of the page: no button, link, field or amount ($…) is
 * under the chat button (the chat button is the topmost element over any part of it).
 */
async function expectChatCoversNothing(page: Page, where: string) {
  // A focused field sends the chat button aside: measure it where it is shown.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const chat = page.getByRole('button', { name: 'Open chat helper' });
  await expect(chat).toBeVisible();
  for (const at of ['top', 'middle', 'bottom'] as const) {
    await page.evaluate((to) => {
      const end = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, to === 'top' ? 0 : to === 'middle' ? end / 2 : end);
    }, at);
    const covered = await page.evaluate(() => {
      const button = document.querySelector<HTMLElement>('[aria-label="Open chat helper"]')!;
      const chatBox = button.getBoundingClientRect();
      const interactive = [
        ...document.querySelectorAll<HTMLElement>(
          'button, a[href], input, select, textarea, [role="button"], [data-testid]',
        ),
      ];
      // Amounts: the innermost elements whose own text holds one.
      const amounts = [...document.querySelectorAll<HTMLElement>('body *')].filter((e) =>
        [...e.childNodes].some((n) => n.nodeType === 3 && /\$\s?\d/.test(n.textContent ?? '')),
      );
      const problems: string[] = [];
      for (const el of [...interactive, ...amounts]) {
        if (el === button || el.contains(button) || button.contains(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const left = Math.max(r.left, chatBox.left);
        const right = Math.min(r.right, chatBox.right);
        const top = Math.max(r.top, chatBox.top);
        const bottom = Math.min(r.bottom, chatBox.bottom);
        if (left >= right || top >= bottom) continue;
        // Overlapping boxes: covered where the chat button is on top at their shared area.
        const x = (left + right) / 2;
        const y = (top + bottom) / 2;
        if (y < 0 || y > window.innerHeight) continue;
        const stack = document.elementsFromPoint(x, y);
        const chatAt = stack.findIndex((e) => button.contains(e));
        const elAt = stack.findIndex((e) => el.contains(e) || e === el);
        if (chatAt !== -1 && (elAt === -1 || chatAt < elAt))
          problems.push(`${el.tagName} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
      }
      return problems;
    });
    expect(covered, `${where}, scrolled to the ${at}`).toEqual([]);
  }
}

/** In each row, each cell's content stays inside its cell and apart from its neighbours'. */
async function expectCellsApart(rows: Locator, where: string) {
  await expect(rows.first()).toBeVisible();
  const problems = await rows.evaluateAll((trs) =>
    trs.flatMap((tr) => {
      const cells = [...tr.children].map((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return {
          name: (td.textContent ?? '').trim().slice(0, 30),
          cell: td.getBoundingClientRect(),
          text: range.getBoundingClientRect(),
        };
      });
      const found: string[] = [];
      cells.forEach((a, i) => {
        if (a.text.left < a.cell.left - 0.5 || a.text.right > a.cell.right + 0.5)
          found.push(`"${a.name}" runs out of its cell`);
        for (const b of cells.slice(i + 1)) {
          // At least 4 px between two cells' texts on the same line.
          const apart =
            a.text.right + 4 <= b.text.left ||
            b.text.right + 4 <= a.text.left ||
            a.text.bottom <= b.text.top ||
            b.text.bottom <= a.text.top;
          if (!apart) found.push(`"${a.name}" touches "${b.name}"`);
        }
      });
      return found;
    }),
  );
  expect(problems, where).toEqual([]);
  // Nothing scrolls sideways.
  expect(
    await rows.first().evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390);
}

/** A guest's request the demo technician is offered in round 1 and accepts. */
async function acceptedRequest(request: APIRequestContext, tech: BrowserContext) {
  const res = await request.post('/api/service-requests', {
    data: {
      customerName: 'Pat Phone',
      email: `pat${Date.now()}@example.com`,
      phoneNumber: '301-555-0142',
      vehicleInfo: '2016 Honda Civic',
      serviceType: 'Diagnostics',
      location: 'Hyattsville, MD',
      issueDescription: `Squeal on cold starts ${Date.now()}`,
      urgency: 'medium',
    },
  });
  expect(res.status()).toBe(201);
  const created = (await res.json()) as { id: number; reference: string; requestPath: string };
  const me = (await (await tech.request.get('/api/auth/current-user')).json()) as {
    technicianId: number;
  };
  let notificationId = 0;
  await expect(async () => {
    const list = (await (
      await tech.request.get(`/api/job-notifications/technician/${me.technicianId}`)
    ).json()) as { id: number; status: string; serviceRequest: { id: number } }[];
    notificationId =
      list.find((n) => n.serviceRequest.id === created.id && n.status === 'pending')?.id ?? 0;
    expect(notificationId).toBeGreaterThan(0);
  }).toPass({ timeout: 5000 });
  const accepted = await tech.request.patch(`/api/job-notifications/${notificationId}/accept`);
  expect(accepted.status()).toBe(200);
  return created;
}

const quoteBody = (extra: Record<string, unknown> = {}) => ({
  customerName: 'Pat Phone',
  items: [
    { type: 'labor', description: 'Belt and tensioner replacement', quantity: 1.5, unitPrice: 95 },
    { type: 'part', description: LONG_LINE, quantity: 12, unitPrice: 1234.56 },
  ],
  workLocation: 'Bowie, MD 20715',
  ...extra,
});

test('plans, the pricing guide and the point of sale: the chat button covers nothing', async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto('/subscription-plans');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectChatCoversNothing(page, 'plans');

  await page.goto('/pricing-guide');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectChatCoversNothing(page, 'pricing guide');

  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Process Payment' }).click();
  await page.getByLabel('Amount ($)').fill('25');
  await expect(page.getByRole('button', { name: 'Process Payment $25.00' })).toBeVisible();
  await expectChatCoversNothing(page, 'Process Payment');

  // The quote form with two lines: its totals and Create Quote stay clear, its fields apart.
  await page.getByRole('tab', { name: 'Create Quote' }).click();
  await page.getByLabel('Customer Name *').fill('Pat Phone');
  await page.getByLabel('Place of Work (ZIP code, town or address)').fill('Bowie, MD 20715');
  await page.getByRole('button', { name: 'Add Labor' }).click();
  await page.getByRole('button', { name: 'Add Part' }).click();
  await page.getByLabel('Part description').fill(LONG_LINE);
  await page.getByLabel('Quantity').fill('12');
  await page.getByLabel('Unit Price').fill('1234.56');
  await expect(page.getByRole('button', { name: 'Create Quote' })).toBeVisible();
  await expectChatCoversNothing(page, 'Create Quote');
  const fields = page.getByRole('group', { name: /^Item \d$/ }).locator(':scope > *');
  const boxes = await fields.evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0),
  );
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(overlap, 'two parts of a quote line overlap').toBe(false);
    }
});

test("the customer's quote link: columns apart and the chat button covers nothing", async ({
  page,
  signedInContext,
  mailbox,
}) => {
  const tech = await signedInContext('technician');
  const created = await tech.request.post('/api/quotes', { data: quoteBody() });
  expect(created.status(), await created.text()).toBe(201);
  const email = `quote${Date.now()}@example.com`;
  const sent = await tech.request.post('/api/pos/email-quote', {
    data: { quoteId: ((await created.json()) as { id: number }).id, customerEmail: email },
  });
  expect(sent.status()).toBe(200);
  const mail = (await mailbox()).find((m: Mail) => m.to === email)!;
  await page.goto(/\/quote-approval\/[\w-]+/.exec(mail.text)![0]);
  await expect(page.getByText(LONG_LINE)).toBeVisible();
  await expectCellsApart(page.getByTestId('quote-line'), 'quote link');
  await expect(page.getByRole('button', { name: 'Approve Quote' })).toBeVisible();
  await expectChatCoversNothing(page, 'quote link');
});

test('the request page with a quote and an invoice to pay: columns apart, nothing covered', async ({
  page,
  signedInContext,
}) => {
  const tech = await signedInContext('technician');
  const created = await acceptedRequest(page.request, tech);
  const quote = await tech.request.post('/api/quotes', {
    data: quoteBody({
      serviceRequestId: created.id,
      customerEmail: `pat${Date.now()}@example.com`,
    }),
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const quoteId = ((await quote.json()) as { id: number }).id;
  // A quote reaches the customer once sent (a saved one is the technician's draft).
  const sent = await tech.request.post(`/api/pos/quotes/${quoteId}/send`, { data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  await page.goto(created.requestPath);
  const card = page.getByRole('article', { name: /^Quote Q-/ });
  await expect(card.getByText(LONG_LINE)).toBeVisible();
  await expectCellsApart(card.getByTestId('quote-line'), 'request page quote');
  await expectChatCoversNothing(page, 'request page with a quote');

  // Signed, invoiced: the invoice's total and its Pay button at the bottom.
  await card.getByRole('button', { name: 'Review and sign' }).click();
  const dialog = page.getByRole('dialog');
  // Disabled, and saying why.
  const approve = dialog.getByRole('button', { name: 'Approve and sign' });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription('Sign in the box above to approve.');
  // The long quote puts the pad below the fold of the dialog.
  await page.getByLabel('Signature pad').scrollIntoViewIfNeeded();
  await signOnPad(page);
  await expect(approve).toBeEnabled();
  await expect(page.getByText('Sign in the box above to approve.')).toHaveCount(0);
  await approve.click();
  await expect(dialog).toBeHidden();
  // The confirmation is in view on the phone, by the quote.
  const confirmation = card.getByRole('status').filter({ hasText: 'You approved and signed' });
  await expect(confirmation).toBeInViewport();
  const invoice = await tech.request.post('/api/invoices', { data: { quoteId } });
  expect(invoice.status(), await invoice.text()).toBe(201);
  const pay = page.getByRole('button', { name: /^Pay \$[\d,.]+ by card$/ });
  await expect(pay).toBeVisible({ timeout: 5000 });
  await expectChatCoversNothing(page, 'request page with an invoice');
  await pay.click();
  await expect(page.getByLabel('Card Number')).toBeVisible();
  await expectChatCoversNothing(page, 'invoice payment form');
});
