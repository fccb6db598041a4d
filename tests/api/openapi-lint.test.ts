import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
};

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended lint (redocly.yaml) with no error and no warning", async () => {
    // redocly.yaml and its .redocly.lint-ignore.yaml, as `npm run openapi:lint` reads them; the
    // ignore file names the document by the path that script dumps it to.
    const config = await loadConfig({
      configPath: fileURLToPath(new URL('../../redocly.yaml', import.meta.url)),
    });
    const problems = await lintFromString({
      source: JSON.stringify(t.app.swagger(), null, 2),
      absoluteRef: fileURLToPath(new URL('../../dist/openapi.json', import.meta.url)),
      config,
    });
    const report = problems
      .filter((p) => !p.ignored)
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    expect(report, report.join('\n')).toEqual([]);
  });

  it('gives every operation a tag, a summary, an operationId and its security', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const missing = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(
          ([, op]) =>
            !op.operationId || !op.summary || !op.tags?.length || !Array.isArray(op.security),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
