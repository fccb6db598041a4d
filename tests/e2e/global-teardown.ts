import { rmSync } from 'node:fs';
import { dropJourneyDatabase } from './database';

export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
  await dropJourneyDatabase(process.env.E2E_DATABASE_NAME);
}
