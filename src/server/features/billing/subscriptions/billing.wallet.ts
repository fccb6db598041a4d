import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { BRAND } from '@shared/brand';
import { toCents } from '@shared/money';
import type { walletOrderSchema } from '@shared/schemas/billing';
import { AppError } from '../../../infra/app-error';
import { isUniqueViolation } from '../../../infra/db-errors';
import type { SessionUser } from '../../../infra/session';
import {
  ALREADY_SUBSCRIBED,
  NOT_CONFIGURED,
  ownTechnician,
  planByName,
  providerMessage,
  vaultRefs,
  walletProviderName,
} from '../billing.common';
import { refuseWhenActive, settle } from './billing.purchases';
import {
  insertPayment,
  liveSubscription,
  paymentByKey,
  planByPrice,
  updatePayment,
} from '../billing.queries';

export async function walletSetup(app: FastifyInstance) {
  const wallet = app.payments.wallet;
  if (!wallet) throw new AppError(503, NOT_CONFIGURED);
  try {
    return await wallet.setup();
  } catch (err) {
    throw new AppError(502, providerMessage(err));
  }
}

/** A wallet order for a plan: the amount must be a plan's price. */
export async function walletOrder(
  app: FastifyInstance,
  user: SessionUser | null,
  input: z.output<typeof walletOrderSchema>,
) {
  const technicianId = ownTechnician(user);
  const wallet = app.payments.wallet;
  if (!wallet) throw new AppError(503, NOT_CONFIGURED);
  const amountCents = toCents(input.amount);
  const plan = input.planName
    ? await planByName(app.db, input.planName)
    : await planByPrice(app.db, amountCents);
  if (!plan || plan.priceCents !== amountCents)
    throw new AppError(400, 'The amount does not match a plan price');
  await refuseWhenActive(app.db, technicianId);
  let order;
  try {
    order = await wallet.createOrder({
      amountCents,
      currency: 'USD',
      intent: 'CAPTURE',
      description: `${BRAND.name} ${plan.name} plan`,
      // The client's attempt: the provider answers a retry with the order it already made.
      idempotencyKey: `order:${technicianId}:${input.idempotencyKey ?? randomUUID()}`,
      reference: `technician-${technicianId}`,
      // The payer's wallet is saved at capture, so the plan renews without them (ADR 017).
      vault: true,
    });
  } catch (err) {
    throw new AppError(502, providerMessage(err));
  }
  // A retry of the same attempt: its order is recorded already.
  if (!(await paymentByKey(app.db, `order:${order.id}`)))
    await insertPayment(app.db, {
      technicianId,
      planId: plan.id,
      amountCents,
      description: `${plan.name} plan - monthly subscription`,
      status: 'processing',
      provider: walletProviderName(wallet),
      providerPaymentId: order.id,
      idempotencyKey: `order:${order.id}`,
    }).catch(async (err: unknown) => {
      // Its twin recorded it at the same moment.
      if (!isUniqueViolation(err)) throw err;
    });
  return { id: order.id, status: order.status };
}

export async function walletCapture(
  app: FastifyInstance,
  user: SessionUser | null,
  orderId: string,
) {
  const technicianId = ownTechnician(user);
  const wallet = app.payments.wallet;
  if (!wallet) throw new AppError(503, NOT_CONFIGURED);
  const pending = await paymentByKey(app.db, `order:${orderId}`);
  if (!pending || pending.technicianId !== technicianId) throw new AppError(404, 'Order not found');
  if (pending.status === 'succeeded') return { status: 'COMPLETED', id: orderId };
  if (pending.status === 'failed')
    throw new AppError(409, 'This payment is no longer open. Please start again.');
  const live = await liveSubscription(app.db, technicianId);
  if (live?.s.status === 'active') {
    // Paid another way meanwhile: this order is not captured.
    await settle(app, pending, { status: 'failed', message: ALREADY_SUBSCRIBED });
    throw new AppError(409, ALREADY_SUBSCRIBED);
  }
  let capture;
  try {
    capture = await wallet.captureOrder(orderId, `capture:${orderId}`);
  } catch (err) {
    throw new AppError(502, providerMessage(err));
  }
  if (capture.status !== 'COMPLETED') {
    if (capture.status !== 'PAYER_ACTION_REQUIRED')
      await settle(app, pending, { status: 'failed', message: capture.message ?? capture.status });
    return { status: capture.status, id: orderId, message: capture.message };
  }
  // The saved wallet (vault id) renews the plan; without one the next period is paid by hand.
  if (capture.vaultId) await updatePayment(app.db, pending.id, vaultRefs(capture));
  await settle(app, pending, { status: 'succeeded' });
  return { status: 'COMPLETED', id: orderId };
}
