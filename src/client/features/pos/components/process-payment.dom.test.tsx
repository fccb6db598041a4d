import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_ACCOUNT_REQUIRED } from '@shared/schemas/payments';
import { fakeApi, route, type Answer, type ApiCall } from '../../../testing/fake-api';
import { posTestApp, TECHNICIAN } from '../pos-test-app';
import { ProcessPayment } from './process-payment';

// Process Payment as a technician uses it at the roadside (this file runs alone in happy-dom):
// one idempotency key per attempt, kept by a retry and renewed after a definitive answer, one
// request for a double click, cash through the change queue, and cards refused without the
// technician's own account.

const SQUARE_ACCOUNT = {
  provider: 'square',
  status: 'connected',
  merchantId: 'M1',
  locationId: 'L1',
  connectedAt: '2026-11-01T12:00:00Z',
  disconnectedAt: null,
  disconnectReason: null,
  takesCards: true,
};

const payment = (over: Record<string, unknown> = {}) => ({
  id: 90,
  receiptNumber: 'R-0090',
  invoiceId: null,
  invoiceNumber: null,
  technicianId: TECHNICIAN.technicianId,
  method: 'card',
  amount: '50.00',
  tip: '0.00',
  status: 'completed',
  customerName: null,
  customerEmail: null,
  cardBrand: 'VISA',
  cardLast4: '1111',
  failureMessage: null,
  clientId: null,
  quoteId: null,
  refund: null,
  createdAt: '2026-11-29T12:00:00Z',
  ...over,
});

let api: ReturnType<typeof fakeApi>;
let tokens = 0;
/** What the card payment answers next (the last one repeats). */
let charges: Answer[];
beforeEach(() => {
  tokens = 0;
  charges = [{ status: 200, body: { success: true, payment: payment() } }];
  api = fakeApi([
    route('GET', '/api/quotes/technician/3', { status: 200, body: [] }),
    route('GET', '/api/invoices/technician/3', { status: 200, body: [] }),
    route('GET', '/api/pos/payments/technician/3', { status: 200, body: [] }),
    route('GET', '/api/payments/config', {
      status: 200,
      body: { card: { provider: 'sandbox' }, wallet: null },
    }),
    route('GET', '/api/payments/connections', {
      status: 200,
      body: { connections: [SQUARE_ACCOUNT], cardProvider: 'square' },
    }),
    route('POST', '/api/payments/sandbox/tokenize', () => ({
      status: 200,
      body: { token: `tok-${(tokens += 1)}` },
    })),
    route('POST', '/api/pos/card-payments', () =>
      charges.length > 1 ? charges.shift()! : charges[0]!,
    ),
    route('POST', '/api/pos/payments', (call: ApiCall) => ({
      status: 201,
      body: payment({ method: 'cash', receiptNumber: 'R-0091', ...(call.body as object) }),
    })),
  ]);
  vi.stubGlobal('fetch', api.fetch);
});

async function renderForm() {
  const onPaid = vi.fn();
  const { wrapper, queueReady } = posTestApp();
  render(
    <ProcessPayment
      technicianId={TECHNICIAN.technicianId}
      invoiceKey={null}
      onInvoiceChange={() => undefined}
      onPaid={onPaid}
    />,
    { wrapper },
  );
  await queueReady();
  return onPaid;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function cardOf50() {
  type('Amount ($)', '50');
  await screen.findByLabelText('Card Number');
  type('Card Number', '4111 1111 1111 1111');
  type('Expiry', '12/30');
  type('CVV', '123');
}
const payButton = () => screen.getByRole('button', { name: /^Process Payment/ });
const charged = () =>
  api.to('POST', '/api/pos/card-payments').map((c) => c.body as Record<string, unknown>);

describe('Process Payment', () => {
  it('charges the card once for a double click, and starts over when paid', async () => {
    const onPaid = await renderForm();
    await cardOf50();
    await waitFor(() => expect(payButton().hasAttribute('disabled')).toBe(false));
    // Two taps before the page repaints (one act: the button is not disabled yet).
    const button = payButton();
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(charged()).toHaveLength(1);
    expect(charged()[0]).toMatchObject({ amount: 50, sourceId: 'tok-1' });
    expect((screen.getByLabelText('Amount ($)') as HTMLInputElement).value).toBe('');
  });

  it('retries a charge that got no answer under the same key and card token', async () => {
    charges = ['drop', { status: 200, body: { success: true, payment: payment() } }];
    const onPaid = await renderForm();
    await cardOf50();
    await waitFor(() => expect(payButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(payButton());
    await screen.findByText('Please try again or contact support');
    expect(onPaid).not.toHaveBeenCalled();
    fireEvent.click(payButton());
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    const [first, retry] = charged();
    expect(retry!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(retry!.sourceId).toBe(first!.sourceId);
    expect(api.to('POST', '/api/payments/sandbox/tokenize')).toHaveLength(1);
  });

  it('shows a declined card, and the next try is a new attempt', async () => {
    const declined = payment({
      status: 'failed',
      receiptNumber: null,
      failureMessage: 'Insufficient funds',
    });
    charges = [
      { status: 402, body: { message: 'Card declined: Insufficient funds', payment: declined } },
      { status: 200, body: { success: true, payment: payment() } },
    ];
    const onPaid = await renderForm();
    await cardOf50();
    await waitFor(() => expect(payButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(payButton());
    expect(await screen.findByText(/Declined: Insufficient funds/)).toBeTruthy();
    expect(screen.getByText('Card declined: Insufficient funds')).toBeTruthy();
    fireEvent.click(payButton());
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    const [first, next] = charged();
    expect(next!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(api.to('POST', '/api/payments/sandbox/tokenize')).toHaveLength(2);
  });

  it('records cash through the change queue', async () => {
    const onPaid = await renderForm();
    type('Payment Method', 'cash');
    type('Amount ($)', '25.5');
    fireEvent.click(payButton());
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    const [sent] = api.to('POST', '/api/pos/payments');
    expect(sent!.body).toMatchObject({ amount: 25.5, method: 'cash' });
    expect(typeof (sent!.body as { clientId?: unknown }).clientId).toBe('string');
    expect(charged()).toHaveLength(0);
  });

  it('refuses cards until the technician connects their own account', async () => {
    api.answerFirst(
      route('GET', '/api/payments/connections', {
        status: 200,
        body: { connections: [], cardProvider: 'square' },
      }),
    );
    await renderForm();
    type('Amount ($)', '50');
    expect(await screen.findByText(CARD_ACCOUNT_REQUIRED, { exact: false })).toBeTruthy();
    expect(payButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('link', { name: 'Connect your payment account' })).toBeTruthy();
  });
});
