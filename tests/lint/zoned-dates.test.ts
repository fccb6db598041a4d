import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The messages of `rule` for `code` linted as if it were the file `as`. */
async function messages(code: string, as: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, as) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('dates and times always name their zone', () => {
  it('refuses a zone-less format on the server and in shared code, and lets a zoned one pass', async () => {
    const zoneless = [
      `export const a = (d: Date) => d.toLocaleDateString('en-US');`,
      `export const b = (d: Date) => new Intl.DateTimeFormat('en-US', { hour: 'numeric' }).format(d);`,
      `export const c = (d: Date) => d.toLocaleString('en-US', { dateStyle: 'long' });`,
    ];
    for (const as of ['src/server/domain/zone-fixture.ts', 'src/shared/zone-fixture.ts'])
      for (const code of zoneless) expect(await messages(code, as), code).toHaveLength(1);
    const zoned = `export const d = (x: Date) => x.toLocaleDateString('en-US', { timeZone: 'UTC' });`;
    expect(await messages(zoned, 'src/server/domain/zone-fixture.ts')).toEqual([]);
    // A route file keeps its own rules beside this one.
    expect(
      await messages(zoneless[0]!, 'src/server/features/jobs/zone-fixture.routes.ts'),
    ).toHaveLength(1);
  });
});
