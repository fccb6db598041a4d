// `npm run db:seed`: migrates, then loads the demo data (idempotent).
import { count } from 'drizzle-orm';
import { seedDemoData } from '../src/server/seed/seed';
import * as schema from '../src/server/db/schema';
import { openConfiguredDatabase } from './db';

const { where, open } = openConfiguredDatabase();
const database = await open();
await database.migrate();
const { created } = await seedDemoData(database.db);
console.log(
  created
    ? `Demo data loaded into ${where}`
    : `Demo data already present in ${where}; nothing changed`,
);
for (const [name, table] of Object.entries({
  users: schema.users,
  technicians: schema.technicians,
  reviews: schema.reviews,
  verifications: schema.verifications,
  plans: schema.plans,
  subscriptions: schema.subscriptions,
  payments: schema.payments,
  serviceRequests: schema.serviceRequests,
  technicianApplications: schema.technicianApplications,
})) {
  const [r] = await database.db.select({ n: count() }).from(table);
  console.log(`  ${name.padEnd(24)} ${r?.n ?? 0}`);
}
await database.close();
