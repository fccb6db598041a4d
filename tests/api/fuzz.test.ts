import { FLAT_TAX } from '../helpers/pos';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { technicians, users } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/seed/seed';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import {
  TEST_PASSWORD,
  createTechnician,
  createUser,
  subscribeTechnician,
} from '../helpers/factories';

/**
 * Property-based fuzzing of every route in the OpenAPI document: malformed bodies, path params
 * and queries (NUL characters, ids beyond int4, negative and fractional numbers, impossible
 * dates, very long strings, wrong types, nested junk, nothing at all), as every kind of caller.
 * No answer may be a 5xx: bad input is the caller's error (4xx), never the server's.
 *
 * Reproduce a run with FUZZ_SEED=<seed printed below>; FUZZ_RUNS=<n> runs more cases per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Streams never end; they are covered by their feature tests. */
const SKIPPED = new Set(['GET /api/job-notifications/stream']);
/** Ends the callers' sessions: fuzzed last. */
const LAST = 'POST /api/auth/signout';

type Role = 'anonymous' | 'customer' | 'technician' | 'admin';
const ROLES: Role[] = ['anonymous', 'customer', 'technician', 'admin'];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
};
type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

// ---- Arbitraries -------------------------------------------------------------------------

const nastyNumbers = [
  0, -1, 1, 2, 3, 0.001, 0.005, 0.015, 1.5, -0.5, 1e-7, 99.999, 2147483647, 2147483648, -2147483648,
  -2147483649, 4294967296, 9007199254740991, 1e12, 1e15, 1e20, 1e308, -1e308,
];
const nastyNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyNumbers) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'Brake\u0000 Service',
  '\u0000@example.com',
  'x'.repeat(10_000),
  '2027-02-30',
  '2026-13-01',
  '2026-00-10',
  '0000-00-00',
  '9999-12-31',
  '2026-02-29T25:61:00Z',
  '-1',
  '0',
  '0.001',
  '1.5',
  '1e309',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{}',
  '\ud800',
  '😀'.repeat(50),
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  'data:image/png;base64,AAAA',
  'data:image/png;base64,' + 'A'.repeat(600_000),
];
const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }))
      .map(([a, b]) => `${a}\u0000${b}`),
  },
);

const junk: fc.Arbitrary<unknown> = fc.letrec<{ junk: unknown }>((tie) => ({
  junk: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    nastyNumber,
    nastyString,
    fc.array(tie('junk'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 10 }), tie('junk'), { maxKeys: 3 }),
  ),
})).junk;

const NEXT_YEAR = new Date().getFullYear() + 1;
const words = fc.constantFrom(...'abcdefghij KLMNOP 0123456789.,-'.split(''));

/** A string the schema accepts, as far as its JSON Schema tells. */
function validString(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'email') return fc.constantFrom('fuzz@example.com', 'Fuzz.Tester@Example.COM');
  if (s.format === 'date') return fc.constant(`${NEXT_YEAR}-06-15`);
  if (s.format === 'date-time') return fc.constant(`${NEXT_YEAR}-06-15T10:00:00.000Z`);
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= 200);
    } catch {
      // An unsupported pattern: fall through to plain text.
    }
  }
  const min = Math.min(s.minLength ?? 0, 500);
  const max = Math.max(min, Math.min(s.maxLength ?? 60, min + 60));
  return fc.oneof(
    fc.string({ unit: words, minLength: min, maxLength: max }),
    fc.constantFrom('Brake Service', 'Professional', 'Bowie, MD', '2018', `${NEXT_YEAR}-06-15`),
  );
}

/** Text that breaks things: NUL characters, impossible dates, huge numbers, long strings. */
function hostileString(s: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    nastyString,
    validString(s).map((v) => `${v}\u0000`),
    fc.constantFrom('2027-02-30', '2026-02-29', `${NEXT_YEAR}-13-01`, '1899', '1e3'),
    nastyNumber,
    junk,
  );
}

function validNumber(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = Math.max(s.minimum ?? (integer ? 1 : 0), -1e9);
  const hi = Math.min(s.maximum ?? 1000, 1e12);
  const inRange = integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  // Without a declared maximum (amounts parsed by a transform), try large ones too.
  const edges = [s.minimum, s.maximum].filter((v): v is number => v !== undefined);
  if (s.maximum === undefined) edges.push(10_000, 99_999.99, 1_000_000);
  return fc.oneof(inRange, fc.constantFrom(...edges));
}

/** Values shaped like the schema: mostly valid leaves, some hostile; now and then plain junk. */
function fromSchema(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 8, arbitrary: shaped(s, depth) }, { weight: 1, arbitrary: junk });
}

const leaf = (valid: fc.Arbitrary<unknown>, hostile: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: hostile });

function shaped(s: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return junk;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => shaped(a, depth + 1)));
  if (s.allOf?.length) return shaped(Object.assign({}, ...s.allOf) as JsonSchema, depth + 1);
  if (s.const !== undefined) return leaf(fc.constant(s.const), nastyString);
  if (s.enum?.length) return leaf(fc.constantFrom(...s.enum), hostileString(s));
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const type = types.find((x) => x !== 'null');
  const orNull = (a: fc.Arbitrary<unknown>) =>
    types.includes('null') ? fc.oneof({ weight: 5, arbitrary: a }, fc.constant(null)) : a;
  switch (type) {
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      if (props.length === 0) return orNull(junk);
      const required = new Set(s.required ?? []);
      return orNull(
        fc.record(
          Object.fromEntries(
            props.map(([k, v]) => [
              k,
              required.has(k)
                ? fromSchema(v, depth + 1)
                : fc.oneof(
                    { weight: 3, arbitrary: fromSchema(v, depth + 1) },
                    fc.constant(undefined),
                  ),
            ]),
          ),
        ),
      );
    }
    case 'array':
      return orNull(fc.array(fromSchema(s.items, depth + 1), { minLength: 1, maxLength: 4 }));
    case 'string':
      return orNull(leaf(validString(s), hostileString(s)));
    case 'integer':
      return orNull(leaf(validNumber(s, true), fc.oneof(nastyNumber, nastyString)));
    case 'number':
      return orNull(leaf(validNumber(s, false), fc.oneof(nastyNumber, nastyString)));
    case 'boolean':
      return orNull(leaf(fc.boolean(), junk));
    default:
      return junk;
  }
}

/** URL-encodes; a lone surrogate becomes a malformed escape (itself a fine input). */
const encode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return `%FF${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}%E0%A4%A`;
  }
};

/** A path segment: ids in and out of range, tokens, and nonsense, URL-encoded. */
const pathValue = fc
  .oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '0.001',
        '1e3',
        '2147483647',
        '2147483648',
        '99999999999999999999',
        'abc',
        ' 1',
        'NaN',
        '\u0000',
        '1\u0000',
        'a'.repeat(40) + '\u0000',
        'a'.repeat(5000),
        '2027-02-30',
      ),
    },
    { weight: 1, arbitrary: nastyString.filter((v) => v.length > 0) },
  )
  .map(encode);

/** Query values are strings (or repeated keys: arrays). */
function queryValue(s: JsonSchema | undefined): fc.Arbitrary<string | string[]> {
  const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  return fc.oneof(
    { weight: 4, arbitrary: fromSchema(s).map(asText) },
    { weight: 1, arbitrary: fc.array(nastyString, { minLength: 2, maxLength: 3 }) },
  );
}

// ---- The app and its callers --------------------------------------------------------------

let t: TestApp;
const cookies: Partial<Record<Role, string>> = {};
const accounts: Partial<Record<Exclude<Role, 'anonymous'>, { userId: number; username: string }>> =
  {};
let technicianId = 0;
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function signInAs(username: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress: nextIp(),
    payload: { username, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'wrenchly_session');
  return `wrenchly_session=${cookie!.value}`;
}

/** Undoes what a fuzzed admin or technician may have done to the callers, then signs them in. */
async function restoreCallers() {
  const roles = { customer: 'customer', technician: 'technician', admin: 'admin' } as const;
  for (const role of ['customer', 'technician', 'admin'] as const) {
    const account = accounts[role]!;
    await t.app.db
      .update(users)
      .set({ role: roles[role], status: 'approved' })
      .where(eq(users.id, account.userId));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      headers: { cookie: cookies[role]! },
    });
    if (res.statusCode !== 200 || res.json().id !== account.userId) {
      cookies[role] = await signInAs(account.username);
    }
  }
  await t.app.db
    .update(technicians)
    .set({ isAvailable: true })
    .where(eq(technicians.id, technicianId));
  const sub = await t.app.inject({
    method: 'GET',
    url: '/api/subscriptions/current',
    headers: { cookie: cookies.technician! },
  });
  if (sub.statusCode !== 200 || sub.json().subscription?.plan?.name !== 'Professional') {
    await subscribeTechnician(t.app, technicianId, 'Professional');
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.app.db, t.clock.now);
  const customer = await createUser(t.app, { role: 'customer' });
  const admin = await createUser(t.app, { role: 'admin' });
  const tech = await createTechnician(t.app);
  technicianId = tech.technician.id;
  await subscribeTechnician(t.app, technicianId, 'Professional');
  accounts.customer = { userId: customer.id, username: customer.username! };
  accounts.admin = { userId: admin.id, username: admin.username! };
  accounts.technician = { userId: tech.user.id, username: tech.user.username! };
  for (const role of ['customer', 'technician', 'admin'] as const) {
    cookies[role] = await signInAs(accounts[role]!.username);
  }
  // Some POS records, so that small ids lead somewhere.
  const quote = await t.app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: { cookie: cookies.technician! },
    payload: {
      customerName: 'Fuzz Customer',
      customerEmail: 'fuzz@example.com',
      items: [{ type: 'labor', description: 'Brakes', quantity: 1, unitPrice: 50 }],
      ...FLAT_TAX,
    },
  });
  expect(quote.statusCode, quote.body).toBe(201);
}, 120_000);
afterAll(() => t?.close());

// ---- The property ------------------------------------------------------------------------

type Case = {
  role: Role;
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };
};

function caseFor(op: Operation, method: string): fc.Arbitrary<Case> {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const bodies: fc.Arbitrary<Case['body']>[] = [
    fc.constant({ kind: 'none' as const }),
    junk.map((value) => ({ kind: 'json' as const, value })),
    fc
      .constantFrom('{', '{"a":', 'nul', '\u0000', '{"a":"\\u0000"}', '[' + '['.repeat(2000))
      .map((text) => ({ kind: 'raw' as const, text })),
  ];
  if (bodySchema)
    bodies.unshift(
      fromSchema(bodySchema).map((value) => ({ kind: 'json' as const, value })),
      shaped(bodySchema, 0).map((value) => ({ kind: 'json' as const, value })),
    );
  else if (method === 'GET' || method === 'DELETE') bodies.splice(1);
  return fc.record({
    role: fc.constantFrom(...ROLES),
    path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue]))) as fc.Arbitrary<
      Record<string, string>
    >,
    query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, queryValue(p.schema)])), {
      requiredKeys: [],
    }) as fc.Arbitrary<Record<string, string | string[]>>,
    body: fc.oneof(...bodies),
  });
}

function urlFor(template: string, c: Case) {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => c.path[name] ?? '1');
  const qs = Object.entries(c.query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${k}=${encode(x)}`))
    .join('&');
  return qs ? `${path}?${qs}` : path;
}

async function send(method: string, template: string, c: Case) {
  const cookie = c.role === 'anonymous' ? undefined : cookies[c.role];
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let payload: string | undefined;
  if (c.body.kind === 'json') {
    payload = JSON.stringify(c.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (c.body.kind === 'raw') {
    payload = c.body.text;
    headers['content-type'] = 'application/json';
  }
  return t.app.inject({
    method: method as 'GET',
    url: urlFor(template, c),
    headers,
    remoteAddress: nextIp(),
    ...(payload !== undefined ? { payload } : {}),
  });
}

const describeCase = (c: Case) =>
  JSON.stringify(c, (_k, v: unknown) =>
    typeof v === 'string' && v.length > 200 ? `${v.slice(0, 60)}…(${v.length} chars)` : v,
  );

describe('fuzzing every route of the OpenAPI document', () => {
  it('never answers 5xx to malformed input', async () => {
    console.log(`fuzz seed ${SEED}, ${RUNS} runs per route (FUZZ_SEED / FUZZ_RUNS to change)`);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
      )
      .filter((r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/docs'))
      .filter((r) => !SKIPPED.has(`${r.method} ${r.path.replace(/\{(\w+)\}/g, ':$1')}`))
      .sort(
        (a, b) =>
          Number(`${a.method} ${a.path}` === LAST) - Number(`${b.method} ${b.path}` === LAST),
      );
    expect(routes.length).toBeGreaterThan(70);

    const failures: string[] = [];
    let requests = 0;
    for (const [i, route] of routes.entries()) {
      const name = `${route.method} ${route.path}`;
      const result = await fc.check(
        fc.asyncProperty(caseFor(route.op, route.method), async (c) => {
          requests += 1;
          const res = await send(route.method, route.path, c);
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
        }),
        { seed: SEED + i, numRuns: RUNS, endOnFailure: false },
      );
      if (result.failed) {
        failures.push(
          `${name} (seed ${SEED + i}): ${String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance)}\n    input: ${describeCase(result.counterexample![0])}`,
        );
      }
      await restoreCallers();
    }
    console.log(`fuzz: ${routes.length} routes, ${requests} requests, ${failures.length} failing`);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);
});
