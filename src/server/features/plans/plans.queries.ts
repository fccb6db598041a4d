import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plans } from '../../db/schema';

/** The plans on sale, cheapest (lowest rank) first. */
export function activePlans(db: DbOrTx) {
  return db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.rank));
}
