import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PLACE_OF_WORK_MESSAGE,
  QUOTE_VALIDATION_MESSAGE,
  TAX_OVERRIDE_REASON_MESSAGE,
} from '@shared/schemas/pos';
import { fakeApi, route, type ApiCall } from '../../../testing/fake-api';
import { posTestApp } from '../pos-test-app';
import { CreateQuote } from './create-quote';

// The Create Quote form as a technician uses it (this file runs alone in happy-dom, so stubbing
// fetch reaches no other file): live totals on the place's rates, the shared schema's refusals
// by the button, and what is sent.

const DC = {
  jurisdiction: 'DC',
  name: 'District of Columbia',
  partsRate: 6,
  laborRate: 6,
  effectiveFrom: '2025-10-01',
  source: 'https://otr.cfo.dc.gov/',
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi([
    route('GET', '/api/tax-rates', { status: 200, body: DC }),
    route('POST', '/api/quotes', (call: ApiCall) => ({
      status: 201,
      body: { id: 41, quoteNumber: 'Q-0041', ...(call.body as object) },
    })),
  ]);
  vi.stubGlobal('fetch', api.fetch);
});

const type = (label: string | RegExp, value: string, n = 0) =>
  fireEvent.change(screen.getAllByLabelText(label)[n]!, { target: { value } });
const total = (id: string) => screen.getByTestId(id).textContent;

async function renderForm(onCreated = vi.fn()) {
  const { wrapper, queueReady } = posTestApp();
  render(<CreateQuote onCreated={onCreated} hourlyRate="90" />, { wrapper });
  await queueReady();
  return onCreated;
}

/** A standalone quote for a customer in DC: 2 h of labor at $90 and a $30 part. */
async function fillQuote() {
  type('Customer Name *', 'Robin Roadside');
  type(/Place of Work/, '20001');
  fireEvent.click(screen.getByRole('button', { name: /Add Labor/ }));
  type('Labor Hours', '2');
  fireEvent.click(screen.getByRole('button', { name: /Add Part/ }));
  type('Part description', 'Serpentine belt');
  type('Unit Price', '30');
  // The place's rates arrive once the typing settles.
  await waitFor(() => expect(total('tax-amount')).toBe('$12.60'));
}

describe('Create Quote form', () => {
  it('totals the lines live, on the rates of the place of work', async () => {
    await renderForm();
    await fillQuote();
    expect(total('labor-total')).toBe('$180.00');
    expect(total('parts-total')).toBe('$30.00');
    expect(total('total-amount')).toBe('$222.60');
    type('Labor Hours', '1.5');
    expect(total('labor-total')).toBe('$135.00');
    expect(total('total-amount')).toBe('$174.90');
  });

  it('says by the button what is missing, and sends nothing', async () => {
    await renderForm();
    const submit = screen.getByRole('button', { name: 'Create Quote' });
    fireEvent.click(submit);
    expect(await screen.findByText(QUOTE_VALIDATION_MESSAGE)).toBeTruthy();
    expect(submit.getAttribute('aria-describedby')).toBeTruthy();

    type('Customer Name *', 'Robin Roadside');
    fireEvent.click(screen.getByRole('button', { name: /Add Part/ }));
    fireEvent.click(submit);
    expect(await screen.findByText(PLACE_OF_WORK_MESSAGE)).toBeTruthy();
    expect(api.to('POST', '/api/quotes')).toHaveLength(0);
  });

  it('asks a reason for rates of the technician’s own', async () => {
    await renderForm();
    await fillQuote();
    fireEvent.click(screen.getByRole('checkbox'));
    type('Tax on Parts (%)', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Create Quote' }));
    expect(await screen.findByText(TAX_OVERRIDE_REASON_MESSAGE)).toBeTruthy();
    expect(api.to('POST', '/api/quotes')).toHaveLength(0);
  });

  it('says under the phone field when the phone rule refuses it', async () => {
    await renderForm();
    await fillQuote();
    type('Customer Phone', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Create Quote' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Customer Phone').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(document.getElementById('q-customerPhone-error')?.textContent).toBeTruthy();
    expect(api.to('POST', '/api/quotes')).toHaveLength(0);
  });

  it('sends the lines in dollars with the labor hours, then starts over', async () => {
    const onCreated = await renderForm();
    await fillQuote();
    fireEvent.click(screen.getByRole('button', { name: 'Create Quote' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    const [sent] = api.to('POST', '/api/quotes');
    expect(sent!.body).toMatchObject({
      customerName: 'Robin Roadside',
      workLocation: '20001',
      taxRate: 6,
      laborTaxRate: 6,
      taxOverrideReason: null,
      deposit: null,
      items: [
        { type: 'labor', description: 'Labor', quantity: 2, unitPrice: 90, laborHours: 2 },
        { type: 'part', description: 'Serpentine belt', quantity: 1, unitPrice: 30 },
      ],
    });
    expect(typeof (sent!.body as { clientId?: unknown }).clientId).toBe('string');
    expect((screen.getByLabelText('Customer Name *') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('No items yet: add labor or parts.')).toBeTruthy();
  });

  it('keeps the server’s refusal by the button and the lines as typed', async () => {
    api.answerFirst(
      route('POST', '/api/quotes', {
        status: 400,
        body: { message: 'The deposit cannot be more than the total' },
      }),
    );
    const onCreated = await renderForm();
    await fillQuote();
    fireEvent.click(screen.getByRole('button', { name: 'Create Quote' }));
    expect(await screen.findByText(/The deposit cannot be more than the total/)).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getAllByRole('group', { name: /^Item \d$/ })).toHaveLength(2);
    const part = screen.getByRole('group', { name: 'Item 2' });
    expect(within(part).getByDisplayValue('Serpentine belt')).toBeTruthy();
    expect(api.to('POST', '/api/quotes')).toHaveLength(1);
  });
});
