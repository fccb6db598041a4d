import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The import boundaries of docs/architecture.md (ADR 039), each proved by a fixture the lint must
 * refuse. A fixture is linted as if it were a file at a real place in src/ (nothing is written
 * there); what it imports are real files, since the rules judge the file an import resolves to.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

const BOUNDARY = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

/** The messages of `rule` for `code` linted as if it were the file `as`. */
async function messages(rule: string, code: string, as: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, as) });
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal, as).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const refused = async (code: string, as: string, because: RegExp) => {
  const found = await messages(BOUNDARY, code, as);
  expect(found, `${as}: ${code}`).toHaveLength(1);
  expect(found[0]).toMatch(because);
};
const passes = async (code: string, as: string) =>
  expect(await messages(BOUNDARY, code, as), `${as}: ${code}`).toEqual([]);

const importOf = (specifier: string) => `import * as x from '${specifier}';\nexport { x };\n`;

describe('a feature never imports another feature', () => {
  it('on the client, by a relative path, by the alias, type-only or lazily', async () => {
    const as = 'src/client/features/vehicles/components/fixture.tsx';
    for (const code of [
      importOf('../../billing/api/keys'),
      importOf('@client/features/billing/api/keys'),
      `import type { BillingKey } from '@client/features/billing/api/keys';\nexport type K = BillingKey;\n`,
      `export const load = () => import('../../billing/api/keys');\n`,
      `export { billingKeys } from '../../billing/api/keys';\n`,
    ])
      await refused(code, as, /Features do not import each other/);
  });

  it('on the server, by a relative path, by the alias, and from a sub-folder', async () => {
    await refused(
      importOf('../billing/billing.service'),
      'src/server/features/vehicles/vehicles.service.ts',
      /Features do not import each other/,
    );
    await refused(
      importOf('@server/features/billing/billing.service'),
      'src/server/features/vehicles/vehicles.service.ts',
      /Features do not import each other/,
    );
    await refused(
      importOf('../../billing/billing.service'),
      'src/server/features/pos/quotes/fixture.ts',
      /Features do not import each other/,
    );
    // A feature's tests are held to it too.
    await refused(
      importOf('@server/features/billing/billing.service'),
      'src/server/features/vehicles/fixture.test.ts',
      /Features do not import each other/,
    );
  });

  it('lets a feature import its own files, by any path, and its sub-folders each other', async () => {
    await passes(importOf('../api/keys'), 'src/client/features/vehicles/components/fixture.tsx');
    await passes(
      importOf('@client/features/vehicles/api/keys'),
      'src/client/features/vehicles/components/fixture.tsx',
    );
    await passes(importOf('./vehicles.queries'), 'src/server/features/vehicles/fixture.ts');
    await passes(importOf('../invoices/pos.invoices'), 'src/server/features/pos/quotes/fixture.ts');
    await passes(importOf('../pos.service'), 'src/server/features/pos/quotes/fixture.ts');
  });

  it('lets a screen compose several features, and the server compose them in routes.ts', async () => {
    const screen = [
      `import { vehicleKeys } from '../features/vehicles/api/keys';`,
      `import { billingKeys } from '@client/features/billing/api/keys';`,
      `import { Button } from '@client/components/ui/button';`,
      `export const all = [vehicleKeys, billingKeys, Button];`,
    ].join('\n');
    await passes(screen, 'src/client/routes/fixture.tsx');
    const index = [
      `import billing from './features/billing/billing.routes';`,
      `import vehicles from '@server/features/vehicles/vehicles.routes';`,
      `export const all = [billing, vehicles];`,
    ].join('\n');
    await passes(index, 'src/server/routes.ts');
  });
});

describe('the layers import downwards only', () => {
  it('db/ imports neither domain/ nor infra/ (nor anything else of the server)', async () => {
    const as = 'src/server/db/fixture.ts';
    await refused(importOf('../domain/sales-tax'), as, /db\/ is the lowest layer/);
    await refused(importOf('../infra/paths'), as, /db\/ is the lowest layer/);
    await refused(importOf('@server/infra/database'), as, /db\/ is the lowest layer/);
    await refused(importOf('../seed/seed-data'), as, /db\/ is the lowest layer/);
    await passes(importOf('./schema'), as);
    await passes(importOf('@shared/money'), as);
  });

  it('infra/ imports no domain/ or feature, domain/ no feature, a feature no plugin', async () => {
    await refused(
      importOf('../domain/sales-tax'),
      'src/server/infra/fixture.ts',
      /infra\/ holds infrastructure/,
    );
    await refused(
      importOf('@server/features/billing/billing.service'),
      'src/server/domain/fixture.ts',
      /domain\/ holds rules several features share/,
    );
    await refused(
      importOf('../../plugins/access'),
      'src/server/features/vehicles/vehicles.service.ts',
      /A feature imports no plugin/,
    );
    // ... but a feature's test may build what the composition root builds.
    await passes(importOf('../../plugins/access'), 'src/server/features/vehicles/fixture.test.ts');
    await passes(importOf('../../infra/paths'), 'src/server/features/vehicles/vehicles.service.ts');
  });

  it('only the composition, scripts and tests load the demo data', async () => {
    await refused(
      importOf('../../seed/seed'),
      'src/server/features/vehicles/vehicles.service.ts',
      /Only server.ts \(demo mode\), scripts and tests load the demo data/,
    );
    await refused(
      importOf('../features/billing/billing.service'),
      'src/server/seed/fixture.ts',
      /The demo data writes through db\//,
    );
    await passes(importOf('../../seed/seed'), 'src/server/features/vehicles/fixture.test.ts');
    await passes(importOf('./seed/seed'), 'src/server/server.ts');
  });

  it('the sides never import each other, and shared imports neither', async () => {
    await refused(
      importOf('@server/infra/paths'),
      'src/client/lib/fixture.ts',
      /never imports server/,
    );
    await refused(
      importOf('../../client/lib/dates'),
      'src/server/infra/fixture.ts',
      /never imports client/,
    );
    await refused(
      importOf('@client/lib/dates'),
      'src/shared/fixture.ts',
      /src\/shared imports neither/,
    );
    await refused(
      importOf('../server/infra/paths'),
      'src/shared/fixture.ts',
      /src\/shared imports neither/,
    );
  });

  it('on the client: nothing below app/ imports it, components/ and lib/ import no feature', async () => {
    await refused(
      importOf('../../../app/page-meta'),
      'src/client/features/vehicles/components/fixture.tsx',
      /never import app\//,
    );
    await refused(
      importOf('@client/features/vehicles/api/keys'),
      'src/client/components/fixture.tsx',
      /components\/ and lib\/ are feature-free/,
    );
    await refused(
      importOf('../routes/analytics'),
      'src/client/components/fixture.tsx',
      /A screen is composed by app\/ only/,
    );
    await passes(importOf('../routes/analytics'), 'src/client/app/fixture.tsx');
  });
});

describe('no module reaches itself through its imports', () => {
  // infra/database.ts imports infra/paths.ts: paths.ts importing database.ts closes a circle.
  const as = 'src/server/infra/paths.ts';

  it('refuses a circle, through a static or a lazy import', async () => {
    expect(
      await messages(
        CYCLE,
        `import { openDatabase } from './database';\nexport const o = openDatabase;\n`,
        as,
      ),
    ).toHaveLength(1);
    expect(
      await messages(CYCLE, `export const o = () => import('@server/infra/database');\n`, as),
    ).toHaveLength(1);
  });

  it('lets a type-only import back pass (it is erased before anything loads)', async () => {
    expect(
      await messages(
        CYCLE,
        `import type { Database } from './database';\nexport type D = Database;\n`,
        as,
      ),
    ).toEqual([]);
  });
});

describe('only *.queries.ts builds SQL', () => {
  const SQL_RULES = ['no-restricted-syntax', '@typescript-eslint/no-restricted-imports'];
  const sqlMessages = async (code: string, as: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, as) });
    return result!.messages.filter((m) => SQL_RULES.includes(m.ruleId ?? '')).map((m) => m.message);
  };
  const service = 'src/server/domain/fixture.ts';

  it('refuses a COPY, a raw statement, and the packages that send them, outside *.queries.ts', async () => {
    const copy = [
      `import type pg from 'pg';`,
      `import { to as copyTo } from 'pg-copy-streams';`,
      `export const dump = (client: pg.PoolClient) => client.query(copyTo('COPY users TO STDOUT'));`,
    ].join('\n');
    // the package, the call on a connection, the statement's text
    expect(await sqlMessages(copy, service)).toHaveLength(3);
    for (const code of [
      `export const q = 'copy (select id from users) to stdout';`,
      'export const q = (t: string) => `COPY ${t} FROM STDIN (FORMAT binary)`;',
      `export const q = 'select id, email from users where id = $1';`,
      `export const q = 'delete from sessions';`,
      `export const run = (pool: { query(s: string): void }) => pool.query('vacuum');`,
      `export const run = (app: { db: { query: { users: { findMany(): void } } } }) => app.db.query.users.findMany();`,
      `import pg from 'pg';\nexport const P = pg.Pool;`,
      `import { sql } from 'drizzle-orm';\nexport const s = sql.raw('x');`,
    ])
      expect(await sqlMessages(code, service), code).toHaveLength(1);
    // the same code in a queries file is where it belongs
    expect(await sqlMessages(copy, 'src/server/domain/fixture.queries.ts')).toEqual([]);
  });

  it('lets types, prose and other calls pass', async () => {
    for (const code of [
      `import type pg from 'pg';\nexport type P = pg.Pool;`,
      `export const m = 'COPY: the stream ended before its trailer';`,
      `export const m = 'Select a plan to update your listing';`,
      `export const m = /^a$/.exec('a');`,
    ])
      expect(await sqlMessages(code, service), code).toEqual([]);
  });
});
