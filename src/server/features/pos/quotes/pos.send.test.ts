import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { proTechnician, SIGNATURE, TAX_EXEMPT } from '../../../../../tests/helpers/pos';
import { QUOTE_ALREADY_APPROVED, QUOTE_NO_EMAIL } from '@shared/schemas/pos';
import { outbox } from '../../../db/schema';

let t: TestApp;
let pro: { cookie: string; technicianId: number };
let other: { cookie: string; technicianId: number };
beforeAll(async () => {
  t = await buildTestApp();
  pro = await proTechnician(t.app);
  other = await proTechnician(t.app);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  cookie: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const QUOTE = {
  customerName: 'Sam Sender',
  customerEmail: 'sam.sender@example.com',
  items: [{ type: 'labor', description: 'Diagnostics', quantity: 1, unitPrice: 90, laborHours: 1 }],
  ...TAX_EXEMPT,
};

const mailsTo = (to: string) =>
  t.app.db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(desc(outbox.id));
const linkOf = (body: string) => /\/quote-approval\/([\w-]+)/.exec(body)![1]!;

describe('POST /api/pos/quotes/:id/send', () => {
  it('saving is a draft and e-mails nobody; Send makes it sent with one link; again resends that link', async () => {
    const created = await call('POST', '/api/quotes', pro.cookie, QUOTE);
    expect(created.statusCode, created.body).toBe(201);
    const q = created.json() as { id: number; status: string };
    expect(q.status).toBe('draft');
    // Saved and saved again: still nothing to the customer.
    const edited = await call('PUT', `/api/quotes/${q.id}`, pro.cookie, { ...QUOTE, taxRate: 5 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().status).toBe('draft');
    expect(await mailsTo(QUOTE.customerEmail)).toHaveLength(0);

    const sent = await call('POST', `/api/pos/quotes/${q.id}/send`, pro.cookie, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ resent: false, quote: { id: q.id, status: 'sent' } });
    const first = await mailsTo(QUOTE.customerEmail);
    expect(first).toHaveLength(1);
    expect(first[0]!.template).toBe('pos_quote');
    const link = linkOf(first[0]!.textBody);
    const listed = await call('GET', `/api/quotes/technician/${pro.technicianId}`, pro.cookie);
    expect(listed.json().find((x: { id: number }) => x.id === q.id).status).toBe('sent');

    // Sending again: a resend of the same link, the quote unchanged.
    const again = await call('POST', `/api/pos/quotes/${q.id}/send`, pro.cookie, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ resent: true, quote: { status: 'sent', version: 2 } });
    expect(again.json().message).toContain('same link');
    const second = await mailsTo(QUOTE.customerEmail);
    expect(second).toHaveLength(2);
    expect(second[0]!.subject).toContain('Reminder');
    expect(linkOf(second[0]!.textBody)).toBe(link);
    // The legacy 'Email Quote' route resends the same link too.
    const legacy = await call('POST', '/api/pos/email-quote', pro.cookie, {
      quoteId: q.id,
      customerEmail: QUOTE.customerEmail,
    });
    expect(legacy.statusCode).toBe(200);
    expect(linkOf((await mailsTo(QUOTE.customerEmail))[0]!.textBody)).toBe(link);

    // The link works; once signed there is nothing to send (409).
    const view = await t.app.inject({ method: 'GET', url: `/api/quote-approvals/${link}` });
    expect(view.statusCode).toBe(200);
    expect(view.json().status).toBe('draft');
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/quote-approvals/${link}`,
      payload: { signature: SIGNATURE, version: 2 },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const late = await call('POST', `/api/pos/quotes/${q.id}/send`, pro.cookie, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(QUOTE_ALREADY_APPROVED);
  });

  it('needs an e-mail: the quote has none and none is given (409), or one given in the body', async () => {
    const q = (
      await call('POST', '/api/quotes', pro.cookie, { ...QUOTE, customerEmail: '' })
    ).json() as { id: number };
    const none = await call('POST', `/api/pos/quotes/${q.id}/send`, pro.cookie, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(QUOTE_NO_EMAIL);
    const bad = await call('POST', `/api/pos/quotes/${q.id}/send`, pro.cookie, {
      customerEmail: 'not-an-email',
    });
    expect(bad.statusCode).toBe(400);
    const ok = await call('POST', `/api/pos/quotes/${q.id}/send`, pro.cookie, {
      customerEmail: 'given@example.com',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().quote.status).toBe('sent');
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, 'given@example.com'), eq(outbox.template, 'pos_quote')));
    expect(mail).toBeDefined();
  });

  it("refuses another technician's quote (403) and an unknown one (404)", async () => {
    const q = (await call('POST', '/api/quotes', pro.cookie, QUOTE)).json() as { id: number };
    expect((await call('POST', `/api/pos/quotes/${q.id}/send`, other.cookie, {})).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/pos/quotes/999999/send', pro.cookie, {})).statusCode).toBe(
      404,
    );
  });
});
