/**
 * One app instance on BENCH_DATABASE_URL for the benchmarks' multi-instance runs: prints
 * "listening <url>" once it serves, its technician index loaded.
 */
import { openDatabase } from '../src/server/infra/database';
import { startApp } from './lib';

const database = await openDatabase({
  kind: 'postgres',
  url: process.env.BENCH_DATABASE_URL!,
  poolSize: 10,
});
const { app, base } = await startApp(database);
await app.technicianIndex.current();
// As a production instance does (app.ts, with background jobs on): keep the index caught up.
setInterval(() => void app.technicianIndex.current().catch(() => {}), 2_000).unref();
console.log(`listening ${base}`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
