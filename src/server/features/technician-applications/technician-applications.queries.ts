import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents, technicianApplications, technicians, users, userTokens } from '../../db/schema';
import { escapeLike } from '../../infra/sql-like';

export type ApplicationRow = typeof technicianApplications.$inferSelect;

export function pendingApplicationByEmail(db: DbOrTx, email: string) {
  return db
    .select({ id: technicianApplications.id })
    .from(technicianApplications)
    .where(
      and(
        eq(sql`lower(${technicianApplications.email})`, email.toLowerCase()),
        eq(technicianApplications.status, 'pending'),
      ),
    )
    .limit(1)
    .then((r) => r[0]);
}

export function userByEmail(db: DbOrTx, email: string) {
  return (
    db
      .select({ id: users.id, isGuest: users.isGuest })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      // An address may have an account and a guest record: the account comes first.
      .orderBy(users.isGuest)
      .limit(1)
      .then((r) => r[0])
  );
}

export function insertApplication(db: DbOrTx, values: typeof technicianApplications.$inferInsert) {
  return db
    .insert(technicianApplications)
    .values(values)
    .returning({ id: technicianApplications.id })
    .then((r) => r[0]!);
}

/** The application, locked for a review decision. */
export function lockApplication(db: DbOrTx, id: number) {
  return db
    .select()
    .from(technicianApplications)
    .where(eq(technicianApplications.id, id))
    .for('update')
    .then((r) => r[0]);
}

export function applicationWithReviewer(db: DbOrTx, id: number) {
  return db
    .select({
      application: technicianApplications,
      reviewerUsername: users.username,
      reviewerFirstName: users.firstName,
      reviewerLastName: users.lastName,
    })
    .from(technicianApplications)
    .leftJoin(users, eq(users.id, technicianApplications.reviewedByUserId))
    .where(eq(technicianApplications.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function documentsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(documents).where(inArray(documents.id, ids));
}

/** Usernames (lower-cased) that start with `base`, to find a free one. */
export function usernamesStartingWith(db: DbOrTx, base: string) {
  const pattern = `${escapeLike(base)}%`;
  return db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(like(sql`lower(${users.username})`, pattern))
    .then((r) => new Set(r.map((x) => x.username)));
}

export function saveTechnicianUser(
  db: DbOrTx,
  values: typeof users.$inferInsert,
  existingGuestId: number | undefined,
) {
  // A guest customer record with this e-mail (from an earlier service request) becomes the account.
  const saved =
    existingGuestId === undefined
      ? db.insert(users).values(values).returning({ id: users.id })
      : db
          .update(users)
          .set(values)
          .where(eq(users.id, existingGuestId))
          .returning({ id: users.id });
  return saved.then((r) => r[0]!);
}

export function insertTechnician(db: DbOrTx, values: typeof technicians.$inferInsert) {
  return db
    .insert(technicians)
    .values(values)
    .returning({ id: technicians.id })
    .then((r) => r[0]!);
}

export function giveDocumentsTo(db: DbOrTx, ids: number[], userId: number) {
  if (ids.length === 0) return Promise.resolve();
  return db.update(documents).set({ ownerUserId: userId }).where(inArray(documents.id, ids));
}

export function reviewApplication(
  db: DbOrTx,
  id: number,
  values: Partial<typeof technicianApplications.$inferInsert>,
) {
  return db.update(technicianApplications).set(values).where(eq(technicianApplications.id, id));
}

export function insertUserToken(db: DbOrTx, values: typeof userTokens.$inferInsert) {
  return db.insert(userTokens).values(values);
}
