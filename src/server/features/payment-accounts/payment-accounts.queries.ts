import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { technicians, users } from '../../db/schema';

/** The technician's sign-in e-mail (PayPal pre-fills its onboarding with it). */
export async function technicianEmail(db: DbOrTx, technicianId: number) {
  const [row] = await db
    .select({ email: users.email })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(technicians.id, technicianId));
  return row?.email;
}
