import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toE164 } from '@shared/phone-parse';
import { openTestDatabase } from '../../../tests/helpers/build-test-app';
import type { Db } from './client';
import { contactMessages, serviceRequests, technicianApplications, users } from './schema';

// The migrations beside this file (db/ imports nothing of the server but itself).
const migrationsDir = () => fileURLToPath(new URL('./migrations', import.meta.url));

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  const opened = await openTestDatabase();
  db = opened.database.db;
  drop = opened.drop;
});
afterAll(() => drop());

const runMigration = async () => {
  const file = readFileSync(path.join(migrationsDir(), '0034_normalise_phones.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint'))
    await db.execute(sql.raw(statement));
};

/** Numbers as people typed them before the rule, and what the rule makes of them. */
const TYPED: [string, string | null][] = [
  ['(301) 555-0199', '+13015550199'],
  ['301-555-0199', '+13015550199'],
  ['301.555.0199', '+13015550199'],
  [' 301 555 0199 ', '+13015550199'],
  ['3015550199', '+13015550199'],
  ['13015550199', '+13015550199'],
  ['1 (301) 555-0199', '+13015550199'],
  ['+1 301-555-0199', '+13015550199'],
  ['+13015550199', '+13015550199'],
  ['(800) 555-0199', '+18005550199'],
  ['12345', null],
  ['555-0199', null],
  ['(123) 456-7890', null],
  ['(999) 555-0199', null],
  ['+44 20 7946 0958', null],
  ['+442079460958', null],
  ['+3015550199', null],
  ['301-555-0199 ext 12', null],
  ['call 301-555-0199', null],
  ['', null],
];

// A spread of ten-digit numbers, the same every run (area codes and exchanges from 100 to 999):
// the SQL's patterns must agree with the rule's (libphonenumber-js) on each, valid or not.
let seed = 7;
const next = (n: number) => {
  seed = (seed * 48271) % 2147483647;
  return seed % n;
};
const RANDOM = Array.from(
  { length: 400 },
  () => `${100 + next(900)}${100 + next(900)}${String(next(10_000)).padStart(4, '0')}`,
);

describe('0034: stored phone numbers in E.164', () => {
  it('rewrites the US numbers of accounts as the phone rule stores them and leaves the rest as typed, and is safe to run again', async () => {
    const values = [...TYPED.map(([typed]) => typed), ...RANDOM];
    const rows = await db
      .insert(users)
      .values(
        values.map((phone, i) => ({
          email: `phone-${i}@example.com`,
          role: 'customer' as const,
          status: 'approved' as const,
          firstName: 'Phone',
          lastName: String(i),
          phone,
        })),
      )
      .returning({ id: users.id });
    const read = async () =>
      (
        await db
          .select({ phone: users.phone })
          .from(users)
          .where(
            inArray(
              users.id,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(users.id))
      ).map((r) => r.phone);

    await runMigration();
    const after = await read();
    TYPED.forEach(([typed, e164], i) => expect(after[i], typed).toBe(e164 ?? typed));
    // The same answer as the rule itself, on every number.
    values.forEach((typed, i) => expect(after[i], typed).toBe(toE164(typed) ?? typed));
    expect(RANDOM.filter((n) => toE164(n) !== null).length).toBeGreaterThan(50);

    await runMigration();
    expect(await read()).toEqual(after);
  });

  it('rewrites the phones of applications, Contact Us messages and requests', async () => {
    const [customer] = await db
      .insert(users)
      .values({
        email: 'phones-elsewhere@example.com',
        role: 'customer',
        status: 'approved',
        firstName: 'Pat',
        lastName: 'Phones',
      })
      .returning();
    const [application] = await db
      .insert(technicianApplications)
      .values({
        firstName: 'Alex',
        lastName: 'Applicant',
        email: 'alex.applicant@example.com',
        phone: '240.555.0131',
        address: '1 Main Street',
        city: 'Bowie',
        state: 'MD',
        zipCode: '20715',
        yearsExperience: 4,
        hourlyRateCents: 8500,
        bio: 'Mobile mechanic for four years, brakes and diagnostics mostly.',
      })
      .returning();
    const [message] = await db
      .insert(contactMessages)
      .values({
        name: 'Sam',
        email: 'sam@example.com',
        phone: '12345',
        subject: 'A question',
        message: 'Do you come to Laurel?',
      })
      .returning();
    const [request] = await db
      .insert(serviceRequests)
      .values({
        customerId: customer!.id,
        serviceType: 'Brake Service',
        description: 'Grinding noise when braking',
        location: 'Bowie, MD',
        contactPhone: '(202) 555-0142',
        smsUpdatesPhone: '+12025550142',
      })
      .returning();

    await runMigration();

    const [a] = await db
      .select({ phone: technicianApplications.phone })
      .from(technicianApplications)
      .where(eq(technicianApplications.id, application!.id));
    expect(a!.phone).toBe('+12405550131');
    const [m] = await db
      .select({ phone: contactMessages.phone })
      .from(contactMessages)
      .where(eq(contactMessages.id, message!.id));
    expect(m!.phone).toBe('12345');
    const [r] = await db
      .select({ contact: serviceRequests.contactPhone, texts: serviceRequests.smsUpdatesPhone })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, request!.id));
    expect(r).toEqual({ contact: '+12025550142', texts: '+12025550142' });
  });
});
