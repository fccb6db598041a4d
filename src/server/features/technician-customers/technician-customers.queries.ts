import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { serviceRequests, technicianCustomerNotes, technicians, users } from '../../db/schema';

const rows = async <T>(db: DbOrTx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** '%text%' for ILIKE, the pattern's own characters taken literally. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The technician's customers: one row per customer of the jobs they hold or held (a job given
 * back is no longer theirs), each with the newest job's name and contact, the vehicles, and what
 * they owe on this technician's invoices. `customerId` narrows it to one.
 */
function customersOf(technicianId: number, q: string | undefined, customerId?: number) {
  const digits = q?.replace(/\D/g, '') ?? '';
  const search = q
    ? sql`and (c.name ilike ${contains(q)} or c.email ilike ${contains(q)}
        or array_to_string(c.vehicles, ' ') ilike ${contains(q)}
        ${digits.length >= 3 ? sql`or regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g') like ${contains(digits)}` : sql``})`
    : sql``;
  return sql`
    with mine as (
      select sr.id, sr.customer_id, sr.created_at, sr.vehicle_info,
        coalesce(nullif(trim(sr.contact_name), ''), trim(u.first_name || ' ' || u.last_name)) as name,
        coalesce(sr.contact_email, u.email) as email,
        coalesce(sr.contact_phone, u.phone) as phone
      from service_requests sr join users u on u.id = sr.customer_id
      where sr.assigned_technician_id = ${technicianId}
        ${customerId === undefined ? sql`` : sql`and sr.customer_id = ${customerId}`}
    ),
    customers as (
      select customer_id,
        count(*)::int as jobs,
        max(created_at) as last_job_at,
        (array_agg(id order by created_at desc, id desc))[1] as last_id,
        (array_agg(name order by created_at desc, id desc))[1] as name,
        (array_agg(email order by created_at desc, id desc) filter (where email is not null))[1] as email,
        (array_agg(phone order by created_at desc, id desc) filter (where phone is not null))[1] as phone,
        array_remove(array_agg(vehicle_info order by created_at desc, id desc), null) as vehicles
      from mine group by customer_id
    ),
    money as (
      select sr.customer_id, count(*)::int as invoices,
        coalesce(sum(greatest(i.total_amount_cents - i.paid_amount_cents, 0))
          filter (where i.status = 'pending'), 0)::int as balance_cents
      from invoices i join service_requests sr on sr.id = i.service_request_id
      where i.technician_id = ${technicianId} and sr.assigned_technician_id = ${technicianId}
      group by sr.customer_id
    )
    select c.customer_id, c.jobs, c.last_job_at, c.last_id, c.name, c.email, c.phone, c.vehicles,
      coalesce(m.invoices, 0)::int as invoices, coalesce(m.balance_cents, 0)::int as balance_cents,
      n.notes
    from customers c
      left join money m on m.customer_id = c.customer_id
      left join technician_customer_notes n
        on n.technician_id = ${technicianId} and n.customer_id = c.customer_id
    where true ${search}`;
}

export type CustomerRow = {
  customer_id: number;
  jobs: number;
  last_job_at: Date | string;
  last_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  vehicles: string[] | string;
  invoices: number;
  balance_cents: number;
  notes: string | null;
};

/** A page of the technician's customers, most recent job first, and how many there are. */
export async function customerPage(
  db: DbOrTx,
  technicianId: number,
  q: string | undefined,
  page: number,
  pageSize: number,
) {
  const list = customersOf(technicianId, q);
  const items = await rows<CustomerRow>(
    db,
    sql`${list} order by c.last_job_at desc, c.customer_id desc
      limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const [count] = await rows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (${list}) x`,
  );
  return { items, total: Number(count?.n ?? 0) };
}

/** One of the technician's customers, or undefined when no job of theirs was the technician's. */
export async function customerOf(db: DbOrTx, technicianId: number, customerId: number) {
  const [row] = await rows<CustomerRow>(db, customersOf(technicianId, undefined, customerId));
  return row;
}

/** The customer's jobs with this technician, newest first, with its invoices on each. */
export function historyOf(db: DbOrTx, technicianId: number, customerId: number) {
  return rows<{
    id: number;
    service_type: string;
    status: string;
    vehicle_info: string | null;
    created_at: Date | string;
    completed_at: Date | string | null;
    invoice_number: string | null;
    total_amount_cents: number | null;
    paid_amount_cents: number | null;
    invoice_status: string | null;
  }>(
    db,
    sql`select sr.id, sr.service_type, sr.status, sr.vehicle_info, sr.created_at, sr.completed_at,
        i.invoice_number, i.total_amount_cents, i.paid_amount_cents, i.status as invoice_status
      from service_requests sr
        left join invoices i on i.service_request_id = sr.id and i.technician_id = ${technicianId}
      where sr.assigned_technician_id = ${technicianId} and sr.customer_id = ${customerId}
      order by sr.created_at desc, sr.id desc, i.id`,
  );
}

export async function saveNotes(
  db: DbOrTx,
  technicianId: number,
  customerId: number,
  notes: string,
) {
  if (!notes) {
    await db
      .delete(technicianCustomerNotes)
      .where(
        and(
          eq(technicianCustomerNotes.technicianId, technicianId),
          eq(technicianCustomerNotes.customerId, customerId),
        ),
      );
    return;
  }
  await db
    .insert(technicianCustomerNotes)
    .values({ technicianId, customerId, notes })
    .onConflictDoUpdate({
      target: [technicianCustomerNotes.technicianId, technicianCustomerNotes.customerId],
      set: { notes, updatedAt: sql`now()` },
    });
}

/** The technician's name and specialties (what they may be booked for). */
export async function technicianOf(db: DbOrTx, technicianId: number) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      specialties: technicians.specialties,
    })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(technicians.id, technicianId));
  return row;
}

/** Where the customer's newest job with the technician was: the place a new request starts from. */
export async function lastPlaceOf(db: DbOrTx, technicianId: number, customerId: number) {
  const [row] = await db
    .select({ location: serviceRequests.location })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.assignedTechnicianId, technicianId),
        eq(serviceRequests.customerId, customerId),
      ),
    )
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(1);
  return row?.location ?? null;
}
