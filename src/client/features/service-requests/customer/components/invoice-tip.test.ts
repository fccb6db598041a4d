import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NO_TIP } from '../../../../components/tip-picker';
import { InvoicePaidNotice, InvoiceTipFields } from './invoice-tip';

/** The text a reader (or a journey's getByText) sees: the markup without its tags. */
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

describe('InvoicePaidNotice', () => {
  const payment = { amount: '80.00', tip: '8.00', receiptNumber: 'R-2026-000001' };

  it('says the amounts and the receipt of a card payment', () => {
    const html = renderToStaticMarkup(createElement(InvoicePaidNotice, { payment }));
    expect(text(html)).toBe(
      'Paid $80.00 and a tip of $8.00 ($88.00 in all). Receipt R-2026-000001.',
    );
    expect(html).toContain('role="status"');
  });

  it('names PayPal after the amounts, with or without a tip', () => {
    const paypal = (tip: string) =>
      text(
        renderToStaticMarkup(
          createElement(InvoicePaidNotice, { payment: { ...payment, tip }, via: 'with PayPal' }),
        ),
      );
    expect(paypal('8.00')).toBe(
      'Paid $80.00 and a tip of $8.00 ($88.00 in all) with PayPal. Receipt R-2026-000001.',
    );
    expect(paypal('0.00')).toBe('Paid $80.00 with PayPal. Receipt R-2026-000001.');
  });
});

describe('InvoiceTipFields', () => {
  const render = (tipTestId?: string) =>
    renderToStaticMarkup(
      createElement(InvoiceTipFields, {
        invoiceTotal: '100.00',
        balanceCents: 7500,
        value: NO_TIP,
        onChange: () => {},
        tipCents: 1125,
        disabled: false,
        tipTestId,
        totalTestId: 'pay-total',
      }),
    );

  it('shows the balance, the tip and their total under the test ids given', () => {
    const html = render('tip-amount');
    expect(html).toContain('<dd data-testid="tip-amount">$11.25</dd>');
    expect(html).toContain('<dd data-testid="pay-total">$86.25</dd>');
    expect(text(html)).toContain('Balance$75.00');
  });

  it('leaves the tip without a test id when none is given', () => {
    expect(render()).toContain('<dd>$11.25</dd>');
  });
});
