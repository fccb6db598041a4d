// `npm run db:migrate`: applies the committed migrations to the configured database.
import { openConfiguredDatabase } from './db';

const { where, open } = openConfiguredDatabase();
const database = await open();
const started = Date.now();
await database.migrate();
console.log(`Migrations applied to ${where} in ${Date.now() - started} ms`);
await database.close();
