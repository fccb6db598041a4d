import type { FastifyInstance } from 'fastify';
import { CARD_ACCOUNT_REQUIRED } from '@shared/schemas/payments';
import { AppError } from '../infra/app-error';
import type { CardProvider } from '../infra/payments';
import { createTokenCipher, type TokenCipher } from '../infra/payments/token-cipher';
import { connectionOf, type ConnectionRow } from './payment-accounts.queries';

/**
 * Whose account a customer's payment reaches (ADR 030): a technician's card payments, deposits
 * and refunds run on the account they connected at the card provider, never on the platform's.
 */

const NOT_CONFIGURED = 'Payment processing is not configured.';

export const tokenCipher = (app: FastifyInstance): TokenCipher =>
  createTokenCipher(app.config.accounts.tokenKey, app.config.accounts.previousTokenKey);

/** The card provider acting for `row`'s account (its decrypted token and location). */
function boundTo(app: FastifyInstance, card: CardProvider, row: ConnectionRow): CardProvider {
  const cipher = tokenCipher(app);
  return card.forAccount({
    merchantId: row.merchantId,
    locationId: row.locationId,
    accessToken: row.accessTokenEnc ? cipher.decrypt(row.accessTokenEnc) : null,
  });
}

/**
 * The card provider bound to the technician's connected account, and that account's merchant
 * id (recorded with the payment): 503 when no card provider is configured, 409 with how to
 * connect when the technician has no connected account at it.
 */
export async function technicianCard(
  app: FastifyInstance,
  technicianId: number,
): Promise<{ card: CardProvider; merchantId: string }> {
  const card = app.payments.card;
  if (!card) throw new AppError(503, NOT_CONFIGURED);
  const row = await connectionOf(app.db, technicianId, card.name);
  if (!row || row.status !== 'connected') throw new AppError(409, CARD_ACCOUNT_REQUIRED);
  return { card: boundTo(app, card, row), merchantId: row.merchantId };
}

/**
 * The card form for paying `technicianId`: their connected account's (a Square seller's own
 * location), else the platform's (the sandbox, or a technician not connected yet: the payment
 * itself is refused then).
 */
export async function cardFormConfigFor(app: FastifyInstance, technicianId: number) {
  const card = app.payments.card;
  if (!card) return null;
  const row = await connectionOf(app.db, technicianId, card.name);
  if (!row || row.status !== 'connected') return card.cardFormConfig();
  try {
    return boundTo(app, card, row).cardFormConfig();
  } catch {
    return card.cardFormConfig();
  }
}

/**
 * The card provider for an earlier payment: the account that took it (it must still be the
 * technician's connected account), or the platform's for payments taken before accounts were
 * connected (no merchant recorded). Null when that account is no longer connected.
 */
export async function cardForPayment(
  app: FastifyInstance,
  payment: { technicianId: number; provider: string | null; merchantId: string | null },
): Promise<CardProvider | null> {
  const card = app.payments.card;
  if (!card || card.name !== payment.provider) return null;
  if (!payment.merchantId) return card;
  const row = await connectionOf(app.db, payment.technicianId, card.name);
  if (!row || row.status !== 'connected' || row.merchantId !== payment.merchantId) return null;
  return boundTo(app, card, row);
}
