import { describe, expect, it } from 'vitest';
import type { Invoice, PosPayment, Quote } from '@shared/schemas/pos';
import type { Change, ChangeKind, ChangePayloads } from './changes';
import { applyChanges } from './views';

let n = 0;
function change<K extends ChangeKind>(
  kind: K,
  payload: ChangePayloads[K],
  extra: Partial<Change> = {},
): Change {
  const id = `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`;
  return {
    id,
    idempotency: id,
    kind,
    payload,
    createdAt: '2026-11-24T10:00:00.000Z',
    status: 'waiting',
    ...extra,
  } as Change;
}

const QUOTE = {
  customerName: 'Robin Roadside',
  customerEmail: 'robin@example.com',
  vehicleYear: '2014',
  vehicleMake: 'Honda',
  vehicleModel: 'Accord',
  items: [
    { type: 'labor' as const, description: 'Alternator', quantity: 2, unitPrice: 90 },
    {
      type: 'part' as const,
      description: 'Unit',
      quantity: 1,
      unitPrice: 189.99,
      partNumber: 'A1',
    },
  ],
  // Maryland's: 6% on the parts, labour untaxed.
  taxRate: 6,
  laborTaxRate: 0,
  workLocation: '20715',
};

const serverQuote = (over: Partial<Quote> = {}): Quote => ({
  id: 5,
  quoteNumber: 'Q-2026-000005',
  technicianId: 9,
  customerName: 'Sam Server',
  customerEmail: null,
  customerPhone: null,
  vehicleInfo: { year: null, make: null, model: null },
  vehicleYear: null,
  vehicleMake: null,
  vehicleModel: null,
  vehicleVin: null,
  vehicleMileage: null,
  notes: null,
  warranty: { months: 24, miles: 24_000 },
  items: [],
  taxRate: '6.00',
  laborTaxRate: '0.00',
  taxJurisdiction: 'MD',
  taxJurisdictionName: 'Maryland',
  taxOverrideReason: null,
  workLocation: '20715',
  laborTotal: '100.00',
  partsTotal: '0.00',
  taxAmount: '8.25',
  totalAmount: '108.25',
  status: 'draft',
  version: 3,
  contentHash: 'c'.repeat(64),
  signature: null,
  signedAt: null,
  signatureAudit: null,
  invoiceId: null,
  serviceRequestId: null,
  jobReference: null,
  clientId: null,
  deposit: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  ...over,
});

describe('the lists with the changes made offline', () => {
  it('show a quote, its signature, its invoice and its payment, without numbers', () => {
    const create = change('quote.create', { ...QUOTE, serviceRequestId: 12 });
    const ref = { id: null, clientId: create.id };
    const invoice = change('invoice.create', { quote: ref });
    const changes = [
      create,
      change('quote.sign', { quote: ref, signature: 'data:image/png;base64,AAAA', version: 1 }),
      invoice,
      change('payment.record', {
        invoice: { id: null, clientId: invoice.id },
        amount: 381.39,
        method: 'cash',
      }),
    ];
    const v = applyChanges({ quotes: [serverQuote()] }, changes, 9);
    expect(v.quotes).toHaveLength(2);
    expect(v.quotes[0]).toMatchObject({
      id: null,
      clientId: create.id,
      quoteNumber: null,
      status: 'approved',
      laborTotal: '180.00',
      partsTotal: '189.99',
      taxAmount: '11.40',
      totalAmount: '381.39',
      jobReference: 'WR-000012',
      invoice: { id: null, clientId: invoice.id },
      sync: { state: 'waiting' },
    });
    expect(v.quotes[0]!.items[1]).toMatchObject({ unitPrice: '189.99', partNumber: 'A1' });
    expect(v.quotes[1]).toMatchObject({ id: 5, sync: null });
    expect(v.invoices).toEqual([
      expect.objectContaining({
        invoiceNumber: null,
        quote: ref,
        vehicleInfo: '2014 Honda Accord',
        totalAmount: '381.39',
        paidAmount: '381.39',
        balanceDue: '0.00',
        status: 'paid',
        sync: { state: 'waiting' },
      }),
    ]);
    expect(v.payments).toEqual([
      expect.objectContaining({
        receiptNumber: null,
        amount: '381.39',
        method: 'cash',
        customerName: 'Robin Roadside',
        status: 'succeeded',
      }),
    ]);
  });

  it("apply edits and signatures to the server's quotes, and show a refusal", () => {
    const ref = { id: 5, clientId: null };
    const v = applyChanges(
      { quotes: [serverQuote()] },
      [
        change('quote.update', { quote: ref, body: { ...QUOTE, customerName: 'Sam Edited' } }),
        change(
          'quote.sign',
          { quote: ref, signature: 'data:image/png;base64,AAAA', version: 4 },
          { status: 'error', error: 'This job is no longer active' },
        ),
      ],
      9,
    );
    expect(v.quotes).toEqual([
      expect.objectContaining({
        id: 5,
        quoteNumber: 'Q-2026-000005',
        customerName: 'Sam Edited',
        totalAmount: '381.39',
        status: 'approved',
        // The edit changed what the customer reads: a new version, its hash the server's to say.
        version: 4,
        contentHash: null,
        sync: { state: 'error', message: 'This job is no longer active' },
      }),
    ]);
  });

  it('count a new version only when what the customer reads changed (ADR 026)', () => {
    const ref = { id: 5, clientId: null };
    const server = serverQuote({ customerName: 'Sam Server', items: [], totalAmount: '0.00' });
    const body = { ...QUOTE, customerName: 'Sam Server' };
    const once = applyChanges(
      { quotes: [server] },
      [change('quote.update', { quote: ref, body })],
      9,
    );
    expect(once.quotes[0]).toMatchObject({ version: 4, contentHash: null });
    // The contact details alone, or the same content again, keep the version.
    const contact = applyChanges(
      { quotes: [server] },
      [
        change('quote.update', { quote: ref, body }),
        change('quote.update', { quote: ref, body: { ...body, customerPhone: '301-555-0100' } }),
        change('quote.update', { quote: ref, body: { ...body, customerPhone: '301-555-0100' } }),
      ],
      9,
    );
    // Stored as the server stores it (E.164).
    expect(contact.quotes[0]).toMatchObject({ version: 4, customerPhone: '+13015550100' });
    const twice = applyChanges(
      { quotes: [server] },
      [
        change('quote.update', { quote: ref, body }),
        change('quote.update', { quote: ref, body: { ...body, notes: 'Parts on order' } }),
      ],
      9,
    );
    expect(twice.quotes[0]).toMatchObject({ version: 5, notes: 'Parts on order' });
  });

  it('count nothing twice once the server has a change (its client id is listed)', () => {
    const pay = change('payment.record', {
      invoice: { id: 7, clientId: null },
      amount: 50,
      method: 'check',
    });
    const invoice: Invoice = {
      id: 7,
      quoteId: 5,
      technicianId: 9,
      invoiceNumber: 'INV-2026-000007',
      warranty: { months: 12, miles: 12_000 },
      customerName: 'Sam',
      customerEmail: null,
      customerPhone: null,
      vehicleInfo: null,
      items: [],
      laborTotal: '100.00',
      partsTotal: '0.00',
      taxRate: '6.00',
      laborTaxRate: '0.00',
      taxJurisdiction: 'MD',
      taxJurisdictionName: 'Maryland',
      taxOverrideReason: null,
      taxAmount: '0.00',
      totalAmount: '100.00',
      paidAmount: '50.00',
      balanceDue: '50.00',
      status: 'pending',
      paidAt: null,
      reminders: { enabled: true, sent: 0, lastSentAt: null },
      serviceRequestId: null,
      jobReference: null,
      clientId: null,
      createdAt: '2026-11-23T10:00:00.000Z',
    };
    const payment = { id: 3, clientId: pay.id, receiptNumber: 'R-1' } as PosPayment;
    const before = applyChanges({ invoices: [invoice] }, [pay], 9);
    expect(before.invoices[0]).toMatchObject({ paidAmount: '100.00', status: 'paid' });
    const after = applyChanges({ invoices: [invoice], payments: [payment] }, [pay], 9);
    expect(after.invoices[0]).toMatchObject({ paidAmount: '50.00', status: 'pending' });
    expect(after.payments).toHaveLength(1);
  });
});

describe('deposits on the device (ADR 017)', () => {
  it('shows a quote made offline with its deposit due, computed as the server will', () => {
    // 25% of $381.39 is $95.3475: $95.35.
    const create = change('quote.create', { ...QUOTE, deposit: { type: 'percent', percent: 25 } });
    const v = applyChanges({}, [create], 9);
    expect(v.quotes[0]!.deposit).toEqual({
      type: 'percent',
      percent: '25.00',
      amount: '95.35',
      status: 'due',
      paymentId: null,
    });
  });

  it('counts a paid deposit on an invoice made offline from the quote', () => {
    const paid = serverQuote({
      status: 'approved',
      deposit: { type: 'fixed', percent: null, amount: '30.00', status: 'paid', paymentId: 3 },
    });
    const v = applyChanges(
      { quotes: [paid] },
      [change('invoice.create', { quote: { id: 5, clientId: null } })],
      9,
    );
    expect(v.invoices[0]).toMatchObject({
      totalAmount: '108.25',
      paidAmount: '30.00',
      balanceDue: '78.25',
      status: 'pending',
      // The quote's warranty, as the server will copy it.
      warranty: { months: 24, miles: 24_000 },
    });
  });
});
