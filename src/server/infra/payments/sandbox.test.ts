import { describe, expect, it } from 'vitest';
import { createSandbox, SANDBOX_CARDS } from './sandbox';

const sb = () => createSandbox('x'.repeat(40), () => new Date('2026-11-22T12:00:00Z'));
const token = (s: ReturnType<typeof sb>, number: string) => {
  const r = s.tokenize({ number, expiry: '12/30', cvv: '123' });
  if ('error' in r) throw new Error(r.error);
  return r.token;
};

describe('sandbox card provider', () => {
  it('charges 4111 1111 1111 1111 and declines 4000 0000 0000 0002', async () => {
    const s = sb();
    const ok = await s.card.charge({
      sourceId: token(s, '4111 1111 1111 1111'),
      amountCents: 499,
      currency: 'USD',
      idempotencyKey: 'k1',
    });
    expect(ok).toMatchObject({ status: 'succeeded', last4: '1111' });
    const no = await s.card.charge({
      sourceId: token(s, SANDBOX_CARDS.declined),
      amountCents: 499,
      currency: 'USD',
      idempotencyKey: 'k2',
    });
    expect(no).toMatchObject({ status: 'failed', message: 'Card declined' });
  });

  it('never charges the same idempotency key twice', async () => {
    const s = sb();
    const t = token(s, SANDBOX_CARDS.success);
    const a = await s.card.charge({
      sourceId: t,
      amountCents: 100,
      currency: 'USD',
      idempotencyKey: 'same',
    });
    const b = await s.card.charge({
      sourceId: t,
      amountCents: 100,
      currency: 'USD',
      idempotencyKey: 'same',
    });
    expect(b).toEqual(a);
  });

  it('looks a charge up by its idempotency key, and knows when it never took one', async () => {
    const s = sb();
    const since = new Date();
    const charged = await s.card.charge({
      sourceId: token(s, SANDBOX_CARDS.success),
      amountCents: 100,
      currency: 'USD',
      idempotencyKey: 'looked-up',
    });
    expect(await s.card.lookup({ idempotencyKey: 'looked-up', since })).toEqual(charged);
    expect(await s.card.lookup({ idempotencyKey: 'never', since })).toEqual({
      status: 'not_found',
    });
  });

  it('refuses forged tokens, unknown cards and bad expiry', async () => {
    const s = sb();
    expect(
      await s.card.charge({
        sourceId: 'sbx_tok_abc.def',
        amountCents: 1,
        currency: 'USD',
        idempotencyKey: 'f',
      }),
    ).toMatchObject({ status: 'failed', message: 'Invalid card token' });
    expect(s.tokenize({ number: '5555555555554444', expiry: '12/30', cvv: '123' })).toHaveProperty(
      'error',
    );
    expect(s.tokenize({ number: SANDBOX_CARDS.success, expiry: '13/30', cvv: '123' })).toEqual({
      error: 'Expiry must be MM/YY',
    });
    expect(s.tokenize({ number: SANDBOX_CARDS.success, expiry: '01/20', cvv: '123' })).toEqual({
      error: 'Card has expired',
    });
    expect(s.tokenize({ number: SANDBOX_CARDS.success, expiry: '12/30', cvv: '1' })).toEqual({
      error: 'CVV must be 3 or 4 digits',
    });
  });

  it('keeps a card on file whose renewals behave like the card', async () => {
    const s = sb();
    const saved = await s.card.saveCard({
      sourceId: token(s, SANDBOX_CARDS.declined),
      idempotencyKey: 'c',
      email: 'a@b.c',
      cardholderName: 'A',
      referenceId: '1',
    });
    const r = await s.card.chargeSavedCard({
      ...saved,
      amountCents: 499,
      currency: 'USD',
      idempotencyKey: 'renew-1',
    });
    expect(r.status).toBe('failed');
  });
});

describe('sandbox wallet', () => {
  it('captures an order only after approval', async () => {
    const s = sb();
    const order = await s.wallet.createOrder({
      amountCents: 499,
      currency: 'USD',
      intent: 'CAPTURE',
      idempotencyKey: 'o',
      reference: 'technician-1',
    });
    expect((await s.wallet.captureOrder(order.id, 'c1')).status).toBe('PAYER_ACTION_REQUIRED');
    expect(s.approveOrder(order.id, 'technician-2')).toBe('forbidden');
    expect(s.approveOrder('SBX-NONE', 'technician-1')).toBe('not_found');
    expect((await s.wallet.lookup(order.id)).status).toBe('CREATED');
    expect(s.approveOrder(order.id, 'technician-1')).toBe('approved');
    expect((await s.wallet.lookup(order.id)).status).toBe('APPROVED');
    const cap = await s.wallet.captureOrder(order.id, 'c2');
    expect(cap).toMatchObject({ status: 'COMPLETED', amountCents: 499 });
    expect((await s.wallet.captureOrder(order.id, 'c3')).captureId).toBe(cap.captureId);
    expect(await s.wallet.lookup(order.id)).toEqual(cap);
    expect((await s.wallet.lookup('SBX-NONE')).status).toBe('NOT_FOUND');
  });
});

describe('sandbox vaulting and refunds', () => {
  it('vaults an approved wallet order and charges the vault without the payer', async () => {
    const s = sb();
    const order = await s.wallet.createOrder({
      amountCents: 299,
      currency: 'USD',
      intent: 'CAPTURE',
      idempotencyKey: 'o1',
      reference: 'technician-1',
      vault: true,
    });
    expect(s.approveOrder(order.id, 'technician-1')).toBe('approved');
    const captured = await s.wallet.captureOrder(order.id, 'c1');
    expect(captured.vaultId).toMatch(/^sbx_vault_ok_/);
    const plain = await s.wallet.createOrder({
      amountCents: 299,
      currency: 'USD',
      intent: 'CAPTURE',
      idempotencyKey: 'o2',
      reference: 'technician-1',
    });
    s.approveOrder(plain.id, 'technician-1');
    expect((await s.wallet.captureOrder(plain.id, 'c2')).vaultId).toBeUndefined();

    const charge = (vaultId: string, key: string) =>
      s.wallet.chargeVault({ vaultId, amountCents: 299, currency: 'USD', idempotencyKey: key });
    const ok = await charge(captured.vaultId!, 'r1');
    expect(ok.status).toBe('succeeded');
    expect(await charge(captured.vaultId!, 'r1')).toEqual(ok);
    expect(await charge('sbx_vault_declined_x', 'r2')).toMatchObject({ status: 'failed' });
    expect(await charge('nope', 'r3')).toMatchObject({ status: 'failed' });
  });

  it('refunds a charge once per key and never beyond what was paid', async () => {
    const s = sb();
    const paid = await s.card.charge({
      sourceId: token(s, SANDBOX_CARDS.success),
      amountCents: 1000,
      currency: 'USD',
      idempotencyKey: 'pay',
    });
    const id = paid.status === 'succeeded' ? paid.providerPaymentId : '';
    const first = await s.card.refund(id, 600, 'rf1');
    expect(first.status).toBe('succeeded');
    expect(await s.card.refund(id, 600, 'rf1')).toEqual(first);
    expect(await s.card.refund(id, 600, 'rf2')).toMatchObject({ status: 'failed' });
    expect((await s.card.refund(id, 400, 'rf3')).status).toBe('succeeded');
    expect(await s.card.refund('unknown', 1, 'rf4')).toMatchObject({ status: 'failed' });
  });
});
