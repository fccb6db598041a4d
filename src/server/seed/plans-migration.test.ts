import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/build-test-app';
import { migrationsDir } from '../infra/paths';
import type { Database } from '../infra/database';
import { plans } from '../db/schema';
import { seedDemoData } from './seed';
import { PLANS } from './seed-data';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const planRows = async () =>
  (await database.db.select().from(plans).orderBy(plans.rank)).map((p) => ({
    name: p.name,
    priceCents: p.priceCents,
    rank: p.rank,
    popular: p.popular,
    description: p.description,
    features: p.features,
    isActive: p.isActive,
  }));

describe('plans are reference data from the migrations', () => {
  it('a freshly migrated database has the three plans the demo seed had', async () => {
    expect(await planRows()).toEqual(
      PLANS.map((p) => ({ ...p, features: [...p.features], isActive: true })),
    );
  });

  it('running the migration again, then the demo seed, neither fails nor duplicates', async () => {
    const before = await planRows();
    const file = readFileSync(path.join(migrationsDir(), '0006_seed_plans.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint'))
      await database.db.execute(sql.raw(statement));
    expect(await seedDemoData(database.db)).toEqual({ created: true });
    expect(await planRows()).toEqual(before);
  });
});
