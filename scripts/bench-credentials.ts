import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/server/db/client';

/**
 * Gives the benchmark technicians (`bench.tech.*`) their credentials, as a marketplace would
 * have them: a verified license and insurance for about 90% (certified: dispatch reaches them),
 * the rest still in review (listed, but matched by no dispatch; ADR 033). Idempotent;
 * deterministic per technician.
 */
export async function giveBenchTechniciansCredentials(db: DbOrTx) {
  await db.execute(sql`
    insert into verifications (technician_id, verification_type, credential_name, issuing_organization,
      verification_status, verified_at, verified_by, checked_registry, checked_reference)
    select t.id, k.kind, k.name, k.org,
      case when (t.id::bigint * 6007) % 100 < 90 then 'verified' else 'pending' end,
      case when (t.id::bigint * 6007) % 100 < 90 then now() end,
      case when (t.id::bigint * 6007) % 100 < 90 then 'Bench Admin' end,
      case when (t.id::bigint * 6007) % 100 < 90 then k.registry end,
      case when (t.id::bigint * 6007) % 100 < 90 then k.prefix || t.id end
    from technicians t
    join users u on u.id = t.user_id and u.username like 'bench.tech.%'
    cross join (values
      ('license', 'Maryland Driver''s License', 'Maryland MVA', 'Maryland MVA license lookup', 'MD-'),
      ('insurance', 'General Liability Insurance', 'State Farm', 'State Farm policy verification', 'GL-')
    ) as k(kind, name, org, registry, prefix)
    where not exists (select 1 from verifications v where v.technician_id = t.id and v.verification_type = k.kind)`);
}
