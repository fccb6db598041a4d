import { FLAT_TAX } from '../../../../tests/helpers/pos';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  type PlanName,
  signedInTechnician,
  signIn,
  subscribeTechnician,
} from '../../../../tests/helpers/factories';
import {
  buildUploadTestApp,
  TINY_PDF,
  TINY_PNG,
  uploadDocument,
} from '../../../../tests/helpers/onboarding-factories';
import { BRANDING_MESSAGES } from '@shared/branding';
import { formatReference } from '@shared/service-request-rules';
import { NUL_MESSAGE } from '@shared/schemas/common';
import { outbox, serviceRequests, subscriptions } from '../../db/schema';

// 'Custom branding' (Professional): set on the server only for that plan, shown on the public
// quote, receipts, the request page and the e-mails, gone when the plan lapses (data kept).

const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const BRAND_BODY = {
  businessName: 'Metro Mobile Brakes',
  accentColor: '#FACC15',
  footerText: 'Licensed in MD and VA. Thank you for your business!',
};

let t: Awaited<ReturnType<typeof buildUploadTestApp>>;
type Tech = Awaited<ReturnType<typeof signedInTechnician>>;

const technicianOn = (plan?: PlanName) => signedInTechnician(t.app, plan);

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'PATCH',
  url: string,
  cookie?: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

const putBranding = (who: Tech, body: object) =>
  call('PUT', '/api/technicians/me/branding', who.cookie, body);

const lapse = (who: Tech) =>
  t.app.db
    .update(subscriptions)
    .set({ status: 'canceled' })
    .where(eq(subscriptions.technicianId, who.technicianId));

const lastMailOf = async (template: string) =>
  (
    await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, template))
      .orderBy(desc(outbox.id))
      .limit(1)
  )[0]!;

beforeAll(async () => {
  t = await buildUploadTestApp();
});
afterAll(() => t.close());

describe('branding settings', () => {
  it('are refused below Professional (403) and saved for Professional', async () => {
    for (const plan of [undefined, 'Basic', 'Premium'] as const) {
      const tech = await technicianOn(plan);
      const res = await putBranding(tech, BRAND_BODY);
      expect(res.statusCode, String(plan)).toBe(403);
      expect(res.json().message).toBe(BRANDING_MESSAGES.planRequired);
      const own = await call('GET', '/api/technicians/me/branding', tech.cookie);
      expect(own.json()).toMatchObject({ entitled: false, businessName: null, shown: null });
    }
    const pro = await technicianOn('Professional');
    const res = await putBranding(pro, BRAND_BODY);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      entitled: true,
      businessName: 'Metro Mobile Brakes',
      logoUrl: null,
      accentColor: '#facc15',
      footerText: BRAND_BODY.footerText,
      shown: {
        businessName: 'Metro Mobile Brakes',
        logoUrl: null,
        accentColor: '#facc15',
        // Yellow is light: black text reads on it (WCAG AA).
        accentTextColor: '#000000',
        footerText: BRAND_BODY.footerText,
      },
    });
    // Absent fields stay; '' clears one.
    const partial = await putBranding(pro, { footerText: '' });
    expect(partial.json()).toMatchObject({ businessName: 'Metro Mobile Brakes', footerText: null });
  });

  it('validates the colour, the lengths and NUL characters (400, nothing saved)', async () => {
    const pro = await technicianOn('Professional');
    const cases: [object, string][] = [
      [{ accentColor: 'red' }, BRANDING_MESSAGES.color],
      [{ accentColor: '#12345g' }, BRANDING_MESSAGES.color],
      [{ accentColor: '#1234' }, BRANDING_MESSAGES.color],
      [{ accentColor: 'javascript:alert(1)' }, BRANDING_MESSAGES.color],
      [{ businessName: 'x'.repeat(101) }, 'Business name must be at most 100 characters'],
      [{ footerText: 'x'.repeat(301) }, 'Footer text must be at most 300 characters'],
      [{ footerText: 'Thanks\u0000' }, NUL_MESSAGE],
      [{ logoDocumentId: 2147483648 }, 'Must be a valid id'],
    ];
    for (const [body, message] of cases) {
      const res = await putBranding(pro, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const own = await call('GET', '/api/technicians/me/branding', pro.cookie);
    expect(own.json()).toMatchObject({ businessName: null, accentColor: null, footerText: null });
    // A short hex is accepted and stored in full.
    expect((await putBranding(pro, { accentColor: '#0A0' })).json().accentColor).toBe('#00aa00');
  });
});

describe('the logo', () => {
  it('goes through the upload flow and is served publicly, only the current one', async () => {
    const pro = await technicianOn('Professional');
    const first = await uploadDocument(t.app, {
      cookie: pro.cookie,
      body: { kind: 'brandingLogo' },
    });
    const res = await putBranding(pro, { logoDocumentId: first.documentId });
    expect(res.statusCode).toBe(200);
    const url = `/api/technicians/${pro.technicianId}/logo/${first.documentId}`;
    expect(res.json().logoUrl).toBe(url);
    const logo = await call('GET', url);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(TINY_PNG)).toBe(true);

    const second = await uploadDocument(t.app, {
      cookie: pro.cookie,
      body: { kind: 'brandingLogo' },
    });
    await putBranding(pro, { logoDocumentId: second.documentId });
    expect((await call('GET', url)).statusCode).toBe(404);
    const current = `/api/technicians/${pro.technicianId}/logo/${second.documentId}`;
    expect((await call('GET', current)).statusCode).toBe(200);
    // Another technician's id with this document: not theirs.
    const other = await technicianOn('Professional');
    expect(
      (await call('GET', `/api/technicians/${other.technicianId}/logo/${second.documentId}`))
        .statusCode,
    ).toBe(404);

    // Removing it.
    expect((await putBranding(pro, { logoDocumentId: null })).json().logoUrl).toBeNull();
    expect((await call('GET', current)).statusCode).toBe(404);
  });

  it("must be a PNG, JPEG or WebP image by its bytes, at most 1 MB, and the caller's own", async () => {
    const pro = await technicianOn('Professional');
    // A PDF is an accepted document, not a logo.
    const pdf = await uploadDocument(t.app, {
      cookie: pro.cookie,
      bytes: TINY_PDF,
      body: { kind: 'brandingLogo' },
    });
    const refused = await putBranding(pro, { logoDocumentId: pdf.documentId });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(BRANDING_MESSAGES.logoType);

    // Not a file type at all: refused by the upload itself.
    const created = await call('POST', '/api/documents/upload', pro.cookie, {
      kind: 'brandingLogo',
    });
    const text = await t.app.inject({
      method: 'PUT',
      url: created.json().uploadURL,
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
    });
    expect(text.statusCode).toBe(415);
    expect((await putBranding(pro, { logoDocumentId: created.json().documentId })).statusCode).toBe(
      409,
    );

    // A PNG over 1 MB (the browser resizes before upload; the server checks anyway).
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024)]);
    const large = await uploadDocument(t.app, {
      cookie: pro.cookie,
      bytes: big,
      body: { kind: 'brandingLogo' },
    });
    const tooLarge = await putBranding(pro, { logoDocumentId: large.documentId });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(BRANDING_MESSAGES.logoTooLarge);

    // Someone else's upload.
    const other = await technicianOn('Professional');
    const theirs = await uploadDocument(t.app, { cookie: other.cookie });
    expect((await putBranding(pro, { logoDocumentId: theirs.documentId })).statusCode).toBe(403);

    expect((await call('GET', '/api/technicians/me/branding', pro.cookie)).json().logoUrl).toBe(
      null,
    );
  });
});

describe('where the branding shows', () => {
  it('on the public quote page, the quote e-mail and the receipt, until the plan lapses', async () => {
    const pro = await technicianOn('Professional');
    const logo = await uploadDocument(t.app, {
      cookie: pro.cookie,
      body: { kind: 'brandingLogo' },
    });
    await putBranding(pro, { ...BRAND_BODY, logoDocumentId: logo.documentId });
    const quote = (
      await call('POST', '/api/quotes', pro.cookie, {
        customerName: 'Pat Driver',
        items: [{ type: 'labor', description: 'Diagnose', quantity: 1, unitPrice: 120 }],
        ...FLAT_TAX,
      })
    ).json();
    const emailQuote = () =>
      call('POST', '/api/pos/email-quote', pro.cookie, {
        quoteId: quote.id,
        customerEmail: 'pat@example.com',
      });
    expect((await emailQuote()).statusCode).toBe(200);
    const mail = await lastMailOf('pos_quote');
    expect(mail.subject).toBe(`Your quote ${quote.quoteNumber} from Metro Mobile Brakes`);
    expect(mail.textBody).toMatch(/^Metro Mobile Brakes\n/);
    expect(mail.textBody).toContain(BRAND_BODY.footerText);
    expect(mail.htmlBody).toContain('background:#facc15;color:#000000');
    expect(mail.htmlBody).toContain(
      `/api/technicians/${pro.technicianId}/logo/${logo.documentId}"`,
    );
    const token = /\/quote-approval\/([\w-]+)/.exec(mail.textBody)![1]!;
    const view = await call('GET', `/api/quote-approvals/${token}`);
    expect(view.json().branding).toEqual({
      businessName: 'Metro Mobile Brakes',
      logoUrl: `/api/technicians/${pro.technicianId}/logo/${logo.documentId}`,
      accentColor: '#facc15',
      accentTextColor: '#000000',
      footerText: BRAND_BODY.footerText,
    });

    // A receipt and its e-mail.
    await call('PATCH', `/api/quotes/${quote.id}/approve`, pro.cookie, {
      signature: SIGNATURE,
      version: 1,
    });
    const inv = (await call('POST', '/api/invoices', pro.cookie, { quoteId: quote.id })).json();
    const pay = (
      await call('POST', '/api/pos/payments', pro.cookie, {
        invoiceId: inv.id,
        method: 'cash',
        amount: 10,
      })
    ).json();
    const receipt = await call('GET', `/api/pos/receipts/${pay.id}`, pro.cookie);
    expect(receipt.json().branding).toMatchObject({ businessName: 'Metro Mobile Brakes' });
    await call('POST', '/api/pos/email-receipt', pro.cookie, {
      paymentId: pay.id,
      customerEmail: 'pat@example.com',
    });
    const receiptMail = await lastMailOf('pos_receipt');
    expect(receiptMail.subject).toContain('from Metro Mobile Brakes');
    expect(receiptMail.textBody).toContain(BRAND_BODY.footerText);

    // The plan lapses: nothing shows, the logo is no longer served, the settings are kept.
    await lapse(pro);
    expect((await call('GET', `/api/quote-approvals/${token}`)).json().branding).toBeNull();
    expect(
      (await call('GET', `/api/technicians/${pro.technicianId}/logo/${logo.documentId}`))
        .statusCode,
    ).toBe(404);
    await subscribeTechnician(t.app, pro.technicianId, 'Premium');
    const again = await call('GET', '/api/technicians/me/branding', pro.cookie);
    expect(again.json()).toMatchObject({
      entitled: false,
      businessName: 'Metro Mobile Brakes',
      shown: null,
    });
    // POS e-mails need the Professional plan; the public quote and its e-mailed link stay plain.
    const plain = await call('GET', `/api/quote-approvals/${token}`);
    expect(plain.json().branding).toBeNull();
    expect(JSON.stringify(plain.json())).not.toContain('Metro Mobile Brakes');
  });

  it("on the request page's quotes and invoices and in the job e-mails about them", async () => {
    const pro = await technicianOn('Professional');
    await putBranding(pro, BRAND_BODY);
    const customer = await createUser(t.app, { role: 'customer' });
    const customerCookie = await signIn(t.app, customer.username!);
    const [job] = await t.app.db
      .insert(serviceRequests)
      .values({
        customerId: customer.id,
        serviceType: 'Diagnostics',
        description: 'Check engine light is on',
        location: 'Hyattsville, MD',
        contactName: 'Pat Driver',
        contactEmail: customer.email,
        status: 'accepted',
        assignedTechnicianId: pro.technicianId,
        assignedAt: new Date(),
      })
      .returning();
    const reference = formatReference(job!.id);
    const quote = await call('POST', '/api/quotes', pro.cookie, {
      customerName: 'Pat Driver',
      serviceRequestId: job!.id,
      items: [{ type: 'labor', description: 'Diagnose', quantity: 1, unitPrice: 120 }],
      ...FLAT_TAX,
    });
    expect(quote.statusCode).toBe(201);
    // Saved is a draft; 'Send to customer' e-mails it, in the technician's branding.
    const sent = await call('POST', `/api/pos/quotes/${quote.json().id}/send`, pro.cookie, {
      customerEmail: customer.email,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'pos_quote'), eq(outbox.toAddress, customer.email)));
    // The job's quote goes as the point of sale's quote e-mail (approval link), branded alike.
    expect(mail!.subject).toContain('from Metro Mobile Brakes');
    expect(mail!.textBody).toMatch(/^Metro Mobile Brakes\n/);
    expect(mail!.textBody).toContain(BRAND_BODY.footerText);
    expect(mail!.htmlBody).toContain('background:#facc15');

    const page = await call('GET', `/api/service-requests/${reference}`, customerCookie);
    expect(page.statusCode).toBe(200);
    expect(page.json().branding).toMatchObject({
      businessName: 'Metro Mobile Brakes',
      accentColor: '#facc15',
      accentTextColor: '#000000',
    });

    await lapse(pro);
    expect(
      (await call('GET', `/api/service-requests/${reference}`, customerCookie)).json().branding,
    ).toBeNull();
  });

  it('leaves e-mails plain for technicians without branding', async () => {
    const pro = await technicianOn('Professional');
    const quote = (
      await call('POST', '/api/quotes', pro.cookie, {
        customerName: 'Pat Driver',
        items: [{ type: 'labor', description: 'Diagnose', quantity: 1, unitPrice: 120 }],
        ...FLAT_TAX,
      })
    ).json();
    await call('POST', '/api/pos/email-quote', pro.cookie, {
      quoteId: quote.id,
      customerEmail: 'plain@example.com',
    });
    const mail = await lastMailOf('pos_quote');
    expect(mail.subject).toBe(`Your quote ${quote.quoteNumber} from Wrenchly`);
    expect(mail.htmlBody).not.toContain('background:');
  });
});
