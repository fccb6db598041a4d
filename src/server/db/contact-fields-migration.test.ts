import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/build-test-app';
import type { Db } from './client';
import { serviceRequests, users } from './schema';

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
  const file = readFileSync(path.join(migrationsDir(), '0018_contact_fields.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint'))
    await db.execute(sql.raw(statement));
};

describe('0018: contact details leave the text of existing requests', () => {
  it('moves the Customer, Email and Phone lines into the empty contact fields, and is safe to run again', async () => {
    const [customer] = await db
      .insert(users)
      .values({
        email: 'old.row@example.com',
        role: 'customer',
        status: 'approved',
        firstName: 'Old',
        lastName: 'Row',
      })
      .returning();
    const base = {
      customerId: customer!.id,
      serviceType: 'Brake Service',
      location: 'Bowie, MD',
    };
    const rows = await db
      .insert(serviceRequests)
      .values([
        {
          ...base,
          description: [
            'Grinding noise when braking',
            '',
            'Customer: Dana Driver',
            'Email: Dana@Example.com',
            'Phone: (301) 555-0142',
            'Vehicle: 2018 Honda Civic',
            'Mileage: Not specified',
          ].join('\n'),
        },
        {
          // Fields already set win; 'Not specified' is no value.
          ...base,
          description:
            'Battery dead\n\nCustomer: Someone Else\nEmail: other@example.com\nPhone: Not specified\nVehicle: Not specified',
          contactName: 'Kept Name',
          contactEmail: 'kept@example.com',
        },
        {
          ...base,
          description: 'No lines here.\nCustomer says: it clicks',
          contactEmail: 'plain@example.com',
        },
      ])
      .returning({ id: serviceRequests.id });
    const read = async () =>
      Promise.all(
        rows.map(async (r) => {
          const [row] = await db
            .select({
              description: serviceRequests.description,
              contactName: serviceRequests.contactName,
              contactEmail: serviceRequests.contactEmail,
              contactPhone: serviceRequests.contactPhone,
            })
            .from(serviceRequests)
            .where(eq(serviceRequests.id, r.id));
          return row;
        }),
      );

    await runMigration();
    const after = await read();
    expect(after).toEqual([
      {
        description:
          'Grinding noise when braking\n\nVehicle: 2018 Honda Civic\nMileage: Not specified',
        contactName: 'Dana Driver',
        contactEmail: 'dana@example.com',
        contactPhone: '(301) 555-0142',
      },
      {
        description: 'Battery dead\n\nVehicle: Not specified',
        contactName: 'Kept Name',
        contactEmail: 'kept@example.com',
        contactPhone: null,
      },
      {
        description: 'No lines here.\nCustomer says: it clicks',
        contactName: null,
        contactEmail: 'plain@example.com',
        contactPhone: null,
      },
    ]);
    await runMigration();
    expect(await read()).toEqual(after);
  });
});
