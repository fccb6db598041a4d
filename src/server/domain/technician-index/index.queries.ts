import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { DbOrTx } from '../../db/client';
import type { TechnicianRow } from './store';

/**
 * The listed technicians' columns, in the order the binary load reads them (queries read them by
 * name), and where they come from: one definition for the full load and for catch-ups.
 */
const LISTED_COLUMNS = `
  t.id::int4 as id, t.latitude::float8 as lat, t.longitude::float8 as lng,
  t.rating::float8 as rating, t.total_reviews::int4 as reviews,
  t.service_radius_miles::int4 as radius, t.hourly_rate_cents::int4 as "rateCents",
  t.years_experience::int4 as years, t.is_available as available,
  coalesce(array_to_string(t.specialties, E'\\x1f'), '') as specialties,
  lower(u.first_name || ' ' || u.last_name) as name,
  p.name as plan, s.status as "planStatus",
  (extract(epoch from s.current_period_end) * 1000)::float8 as "periodEndMs"`;

const LISTED_FROM = `
  from technicians t join users u on u.id = t.user_id
  left join subscriptions s on s.technician_id = t.id and s.status in ('active', 'past_due')
  left join plans p on p.id = s.plan_id
  where u.status = 'approved' and u.role = 'technician'`;

/** A listed technician as a query returns it: specialties joined by SEP (binary-load.ts). */
export type RawRow = Omit<TechnicianRow, 'specialties'> & { specialties: string | null };

/** The listed technicians' columns for those matching `where`. */
function columns(where: ReturnType<typeof sql>) {
  return sql`${sql.raw(`select ${LISTED_COLUMNS} ${LISTED_FROM} and `)}${where}`;
}

/** The index's version (0 before any change). */
export async function indexVersion(db: DbOrTx): Promise<number> {
  const res = (await db.execute(sql`select version from search_index_state where id = 1`)) as {
    rows: { version: string | number }[];
  };
  return Number(res.rows[0]?.version ?? 0);
}

/** Up to `limit` listed technicians with an id above `after`, in id order. */
export function listedTechniciansAfter(db: DbOrTx, after: number, limit: number) {
  return db.execute(sql`${columns(sql`t.id > ${after}`)} order by t.id limit ${limit}`) as Promise<{
    rows: RawRow[];
  }>;
}

/** The listed technicians among `ids` (at most a few thousand). */
export async function listedTechniciansIn(db: DbOrTx, ids: number[]) {
  const res = (await db.execute(
    columns(sql`t.id = any(${sql.raw(`'{${ids.join(',')}}'::int[]`)})`),
  )) as { rows: RawRow[] };
  return res.rows;
}

/**
 * Changes after `from`, up to the latest version, in one statement (one snapshot): the version,
 * how far the log is pruned, the changed technicians' ids (a null id: everything changed) and,
 * when there are at most `inlineRows` of them, their rows too.
 */
export async function changesAfter(db: DbOrTx, from: number, inlineRows: number) {
  const res = (await db.execute(sql`
    with st as (select version, pruned_through from search_index_state where id = 1),
    ch as (
      select distinct c.technician_id as id from technician_changes c, st
      where c.version > ${from} and c.version <= st.version
    )
    select st.version, st.pruned_through as "prunedThrough",
           array(select id from ch where id is not null) as ids,
           exists(select 1 from ch where id is null) as "everything",
           case when (select count(*) from ch) <= ${inlineRows} then
             (select coalesce(json_agg(r), '[]'::json)
              from (${columns(sql`t.id in (select id from ch)`)}) r)
           end as rows
    from st`)) as {
    rows: {
      version: string;
      prunedThrough: string;
      ids: (number | null)[];
      everything: boolean;
      rows: RawRow[] | string | null;
    }[];
  };
  return res.rows[0]!;
}

/**
 * Forgets change-log entries recorded more than `keepMs` ago, raising `pruned_through` in the
 * same statement.
 */
export async function deleteOldTechnicianChanges(db: DbOrTx, keepMs: number) {
  await db.execute(sql`
    with cut as (
      select max(version) as v from technician_changes
      where recorded_at <= now() - make_interval(secs => ${keepMs / 1000})
    ), raised as (
      update search_index_state set pruned_through = greatest(pruned_through, cut.v)
      from cut where id = 1 and cut.v is not null returning cut.v
    )
    delete from technician_changes where version <= (select v from raised)`);
}

/**
 * Every listed technician as one binary COPY on a connection of its own (binary-load.ts decodes
 * it): the columns in the order of LISTED_COLUMNS, one snapshot.
 */
export function copyListedTechnicians(client: pg.PoolClient): AsyncIterable<Buffer> {
  return client.query(
    copyTo(`COPY (select ${LISTED_COLUMNS} ${LISTED_FROM}) TO STDOUT (FORMAT binary)`),
  ) as AsyncIterable<Buffer>;
}
