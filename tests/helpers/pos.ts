import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { CardProvider } from '../../src/server/infra/payments';
import { createTechnician, signIn, subscribeTechnician } from './factories';

/** A real 1x1 PNG as a data URL: what the signature canvas sends. */
export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export type PosTechnician = { cookie: string; technicianId: number };

/** A signed-in technician on the Professional plan (the point of sale's). */
export async function proTechnician(app: FastifyInstance): Promise<PosTechnician> {
  const { user, technician } = await createTechnician(app);
  await subscribeTechnician(app, technician.id, 'Professional');
  return { cookie: await signIn(app, user.username!), technicianId: technician.id };
}

const accountCards = new WeakMap<FastifyInstance, CardProvider>();

/**
 * The card provider as the technicians' connected accounts charge and refund through it: one
 * object for every account of this app, for tests to spy on (`vi.spyOn(accountCard(app),
 * 'charge')`). A test file that restores its mocks gets a new spy on the next call.
 */
export function accountCard(app: FastifyInstance): CardProvider {
  const card = app.payments.card!;
  let bound = accountCards.get(app);
  if (!bound) {
    bound = card.forAccount({ merchantId: 'test_merchant_spied' });
    accountCards.set(app, bound);
  }
  if (!vi.isMockFunction(card.forAccount)) vi.spyOn(card, 'forAccount').mockReturnValue(bound);
  return bound;
}

/**
 * A quote's sales tax for tests (docs/decisions/031): work in Bowie, Maryland (6% on parts,
 * labour untaxed), or there for a tax-exempt customer (the rates overridden with a reason), so
 * that totals stay round.
 */
export const IN_MARYLAND = { workLocation: 'Bowie, MD 20715' } as const;
/** One rate on parts and labour alike, agreed with the customer: totals of tests written for it. */
export const FLAT_TAX = {
  workLocation: 'Bowie, MD 20715',
  taxRate: 8.25,
  laborTaxRate: 8.25,
  taxOverrideReason: 'Flat rate agreed with the fleet customer',
} as const;
export const TAX_EXEMPT = {
  workLocation: 'Bowie, MD 20715',
  taxRate: 0,
  laborTaxRate: 0,
  taxOverrideReason: 'Tax-exempt customer, certificate on file',
} as const;
