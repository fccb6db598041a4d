import type { FastifyInstance } from 'fastify';

/**
 * A barrier for races on one idempotency key: how many duplicate payment requests have found
 * their first request still with the provider and started waiting for it
 * (`wrenchly_payment_retries_waited_total`). A test releases the first request once this moved,
 * instead of sleeping and hoping the duplicate got there. The app needs metrics on
 * (`config: { metricsToken }`).
 */
export async function retriesWaited(app: FastifyInstance): Promise<number> {
  const metric = app.metrics!.registry.getSingleMetric('wrenchly_payment_retries_waited_total');
  const { values } = await metric!.get();
  return values[0]?.value ?? 0;
}
