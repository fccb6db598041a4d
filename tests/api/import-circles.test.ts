import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * No module reaches itself through its imports (type-only and lazy `import()`s count too), on either side:
 * a circle makes the load order decide what a module sees. The client is checked on its own
 * (it imports shared code, never the server), so a circle is reported with the side it is on. Scans the sources with a
 * regex over import and export-from statements, resolving relative paths and the aliases.
 */
const root = resolve(__dirname, '../..');
const aliases: Record<string, string> = {
  '@shared/': 'src/shared/',
  '@server/': 'src/server/',
  '@client/': 'src/client/',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else {
    const alias = Object.keys(aliases).find((a) => spec.startsWith(a));
    if (!alias) return null;
    base = join(root, aliases[alias]!, spec.slice(alias.length));
  }
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

/** The groups of modules that import each other, through any number of steps (Tarjan). */
function circles(files: string[]): string[][] {
  const importRe = /^\s*(?:import|export)\s[^'"]*?['"]([^'"]+)['"]/gm;
  // A lazily loaded module is an import too (`import('./x')`, a screen's chunk).
  const dynamicRe = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    const deps = [...text.matchAll(importRe), ...text.matchAll(dynamicRe)]
      .map((m) => resolveImport(f, m[1]!))
      .filter((d): d is string => d !== null);
    graph.set(f, deps);
  }
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(relative(root, w));
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import circles', () => {
  it('no server or shared module imports itself through other modules', () => {
    const files = [...sources(join(root, 'src/server')), ...sources(join(root, 'src/shared'))];
    expect(files.length).toBeGreaterThan(100);
    expect(circles(files)).toEqual([]);
  });

  it('no client module imports itself through other modules', () => {
    const files = sources(join(root, 'src/client'));
    expect(files.length).toBeGreaterThan(100);
    expect(circles(files)).toEqual([]);
  });
});
