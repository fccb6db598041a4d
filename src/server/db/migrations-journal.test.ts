import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Drizzle applies a migration to an existing database only when its `when` is later than the
 * last one applied: a migration generated with an earlier stamp (a clock behind the journal's)
 * would be skipped everywhere but on new databases.
 */
describe('the migrations journal', () => {
  it('stamps every migration later than the one before', () => {
    const journal = JSON.parse(
      readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: { idx: number; when: number; tag: string }[] };
    const entries = journal.entries;
    expect(entries.map((e) => e.idx)).toEqual(entries.map((_, i) => i));
    for (let i = 1; i < entries.length; i++)
      expect(entries[i]!.when, entries[i]!.tag).toBeGreaterThan(entries[i - 1]!.when);
  });
});
