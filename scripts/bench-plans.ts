import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/server/db/client';

/**
 * Puts the benchmark technicians (`bench.tech.*`) without a live subscription on plans, as a
 * marketplace would have them: about 40% Basic, 25% Premium, 15% Professional and 20% with no
 * plan (listed, but matched by no dispatch; ADR 014). Idempotent; deterministic per technician.
 */
export async function giveBenchTechniciansPlans(db: DbOrTx) {
  await db.execute(sql`
    insert into subscriptions (technician_id, plan_id, status, provider, current_period_start, current_period_end)
    select t.id, p.id, 'active', 'sandbox', now() - interval '10 days', now() + interval '20 days'
    from technicians t
    join users u on u.id = t.user_id and u.username like 'bench.tech.%'
    join plans p on p.name = case
      when (t.id::bigint * 7919) % 100 < 40 then 'Basic'
      when (t.id::bigint * 7919) % 100 < 65 then 'Premium'
      when (t.id::bigint * 7919) % 100 < 80 then 'Professional' end
    where not exists (select 1 from subscriptions s where s.technician_id = t.id and s.status <> 'canceled')`);
}
