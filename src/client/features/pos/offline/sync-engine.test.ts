import { describe, expect, it } from 'vitest';
import { createApiRequest } from '../../../lib/api-client';
import { DEPENDS_MESSAGE, EMPTY_QUEUE } from './changes';
import { classify, createSender } from './send-change';
import { memoryQueueStorage } from './queue-storage';
import { createSyncEngine, RETRY_MS } from './sync-engine';

// The offline point of sale's queue without a browser: storage in memory, and a fetch that
// answers like the server (or fails like a dropped connection).

const SIGNATURE = 'data:image/png;base64,AAAA';
const QUOTE = {
  customerName: 'Robin Roadside',
  items: [{ type: 'labor' as const, description: 'Alternator', quantity: 2, unitPrice: 90 }],
};

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };
type Handler = (call: Call) => Response | 'drop';

type MemoryStorage = ReturnType<typeof memoryStorage>;
const memoryStorage = memoryQueueStorage;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake server: numbers records, remembers them by client id, refuses what `refuse` says. */
function fakeServer(refuse: (call: Call) => Response | undefined = () => undefined) {
  let next = 100;
  const byClientId = new Map<string, { id: number }>();
  return (call: Call): Response => {
    const refused = refuse(call);
    if (refused) return refused;
    const clientId = call.body?.clientId as string | undefined;
    if (clientId && byClientId.has(clientId)) return json(200, byClientId.get(clientId));
    const record = { id: (next += 1), clientId: clientId ?? null, ...call.body };
    if (clientId) byClientId.set(clientId, record);
    return json(call.method === 'POST' ? 201 : 200, record);
  };
}

function setup(
  options: {
    handler?: Handler;
    online?: boolean;
    storage?: MemoryStorage;
    /** The app counts as offline (a request got no answer) while the network may be back. */
    appOffline?: boolean;
  } = {},
) {
  const calls: Call[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  let online = options.online ?? true;
  let handler: Handler = options.handler ?? fakeServer();
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url,
      body: init?.body ? JSON.parse(init.body as string) : undefined,
    };
    calls.push(call);
    const answer = online ? handler(call) : 'drop';
    if (answer === 'drop') throw new TypeError('Failed to fetch');
    return answer;
  }) as typeof fetch;
  const synced: string[] = [];
  const storage = options.storage ?? memoryStorage();
  const engine = createSyncEngine({
    storage,
    send: createSender(createApiRequest(fetchImpl)),
    classify,
    isOnline: () => online && !options.appOffline,
    // Runs try whenever the network is there, as the app's do.
    canSend: () => online,
    onSynced: (change) => synced.push(change.kind),
    schedule: (fn, ms) => {
      timers.push({ fn, ms });
      return () => {
        const at = timers.findIndex((t) => t.fn === fn);
        if (at >= 0) timers.splice(at, 1);
      };
    },
  });
  return {
    engine,
    calls,
    timers,
    synced,
    storage,
    setOnline: (v: boolean) => {
      online = v;
    },
    setHandler: (h: Handler) => {
      handler = h;
    },
  };
}

/** The technician's roadside sequence, made offline: quote, signature, invoice, cash. */
async function roadside(engine: ReturnType<typeof setup>['engine']) {
  const quote = await engine.enqueue('quote.create', QUOTE);
  const ref = { id: null, clientId: quote.change.id };
  await engine.enqueue('quote.sign', { quote: ref, signature: SIGNATURE, version: 1 });
  const invoice = await engine.enqueue('invoice.create', { quote: ref });
  await engine.enqueue('payment.record', {
    invoice: { id: null, clientId: invoice.change.id },
    amount: 180,
    method: 'cash',
  });
  return { quoteId: quote.change.id, invoiceId: invoice.change.id };
}

describe('offline', () => {
  it('keeps the changes in order in storage and sends nothing', async () => {
    const s = setup({ online: false });
    await s.engine.start();
    const outcome = await s.engine.enqueue('quote.create', QUOTE);
    expect(outcome.state).toBe('queued');
    await roadside(s.engine);
    expect(s.calls).toEqual([]);
    const stored = s.storage.value!.changes;
    expect(stored.map((c) => [c.kind, c.status])).toEqual([
      ['quote.create', 'waiting'],
      ['quote.create', 'waiting'],
      ['quote.sign', 'waiting'],
      ['invoice.create', 'waiting'],
      ['payment.record', 'waiting'],
    ]);
    expect(stored[0]!.idempotency).toBe(stored[0]!.id);
    expect(s.engine.getSnapshot().changes).toHaveLength(5);
  });
});

describe('back online', () => {
  it('sends them strictly in order, naming records made offline by client id', async () => {
    const s = setup({ online: false });
    await s.engine.start();
    const { quoteId, invoiceId } = await roadside(s.engine);
    s.setOnline(true);
    await s.engine.run();
    expect(s.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/quotes',
      'PATCH /api/quotes/101/approve',
      'POST /api/invoices',
      'POST /api/pos/payments',
    ]);
    expect(s.calls[0]!.body).toMatchObject({ ...QUOTE, clientId: quoteId });
    expect(s.calls[1]!.body).toEqual({ signature: SIGNATURE, version: 1 });
    expect(s.calls[2]!.body).toEqual({ quoteClientId: quoteId, clientId: invoiceId });
    expect(s.calls[3]!.body).toMatchObject({ invoiceClientId: invoiceId, amount: 180 });
    expect(s.storage.value!.changes).toEqual([]);
    expect(s.storage.value!.ids[quoteId]!.id).toBe(101);
    expect(s.synced).toEqual(['quote.create', 'quote.sign', 'invoice.create', 'payment.record']);
  });

  it('a dropped connection stops the run; the next run resends the same change', async () => {
    let drops = 1;
    const server = fakeServer();
    const s = setup({
      online: false,
      // The invoice reaches the server but its answer is lost on the way back.
      handler: (call) => {
        const answer = server(call);
        if (call.url === '/api/invoices' && drops-- > 0) return 'drop';
        return answer;
      },
    });
    await s.engine.start();
    const { invoiceId } = await roadside(s.engine);
    s.setOnline(true);
    await s.engine.run();
    expect(s.storage.value!.changes.map((c) => c.kind)).toEqual([
      'invoice.create',
      'payment.record',
    ]);
    expect(s.storage.value!.changes.every((c) => c.status === 'waiting')).toBe(true);
    expect(s.timers.map((t) => t.ms)).toEqual([RETRY_MS[0]]);
    s.timers[0]!.fn();
    await s.engine.run();
    const invoiceCalls = s.calls.filter((c) => c.url === '/api/invoices');
    expect(invoiceCalls).toHaveLength(2);
    expect(invoiceCalls[1]!.body).toEqual(invoiceCalls[0]!.body);
    expect(invoiceCalls[0]!.body!.clientId).toBe(invoiceId);
    expect(s.storage.value!.changes).toEqual([]);
  });

  it('a server error (5xx) or a lapsed session (401) waits and tries again; nothing is lost', async () => {
    for (const status of [503, 401]) {
      const s = setup({ handler: () => json(status, { message: 'Later' }) });
      await s.engine.start();
      const outcome = await s.engine.enqueue('quote.create', QUOTE);
      expect(outcome.state).toBe('queued');
      expect(s.storage.value!.changes[0]!.status).toBe('waiting');
      expect(s.timers).toHaveLength(1);
      s.setHandler(fakeServer());
      s.timers[0]!.fn();
      await s.engine.run();
      expect(s.storage.value!.changes).toEqual([]);
    }
  });
});

describe('a refusal', () => {
  const canceled = (call: Call) =>
    call.url === '/api/quotes' && call.body?.customerName === 'Canceled Job'
      ? json(409, { message: 'This job is not one of your active jobs' })
      : undefined;

  it("marks the change with the server's message, marks its dependants, syncs the rest", async () => {
    const s = setup({ online: false, handler: fakeServer(canceled) });
    await s.engine.start();
    const refused = await s.engine.enqueue('quote.create', {
      ...QUOTE,
      customerName: 'Canceled Job',
      serviceRequestId: 7,
    });
    const ref = { id: null, clientId: refused.change.id };
    await s.engine.enqueue('quote.sign', { quote: ref, signature: SIGNATURE, version: 1 });
    await s.engine.enqueue('invoice.create', { quote: ref });
    await roadside(s.engine);
    s.setOnline(true);
    await s.engine.run();
    expect(s.storage.value!.changes.map((c) => [c.kind, c.status, c.error])).toEqual([
      ['quote.create', 'error', 'This job is not one of your active jobs'],
      ['quote.sign', 'error', DEPENDS_MESSAGE],
      ['invoice.create', 'error', DEPENDS_MESSAGE],
    ]);
    // Only the refused create went out of the three; the independent sequence synced.
    expect(s.calls.map((c) => c.url)).toEqual([
      '/api/quotes',
      '/api/quotes',
      '/api/quotes/101/approve',
      '/api/invoices',
      '/api/pos/payments',
    ]);
    // A later run does not send refused changes again.
    await s.engine.run();
    expect(s.calls).toHaveLength(5);
  });

  it('discarding a refused change discards what depends on it, nothing else', async () => {
    const server = fakeServer(canceled);
    // The unrelated signature gets no answer: it stays waiting.
    const handler: Handler = (call) =>
      call.url === '/api/quotes/5/approve' ? 'drop' : server(call);
    const s = setup({ handler, online: false });
    await s.engine.start();
    const refused = await s.engine.enqueue('quote.create', {
      ...QUOTE,
      customerName: 'Canceled Job',
    });
    await s.engine.enqueue('quote.sign', {
      quote: { id: null, clientId: refused.change.id },
      signature: SIGNATURE,
      version: 1,
    });
    await s.engine.enqueue('quote.sign', {
      quote: { id: 5, clientId: null },
      signature: SIGNATURE,
      version: 1,
    });
    s.setOnline(true);
    await s.engine.run();
    expect(s.storage.value!.changes.map((c) => c.status)).toEqual(['error', 'error', 'waiting']);
    expect(await s.engine.discard(refused.change.id)).toBe(2);
    expect(s.storage.value!.changes.map((c) => c.kind)).toEqual(['quote.sign']);
    expect(s.storage.value!.changes[0]!.payload).toMatchObject({ quote: { id: 5 } });
  });

  it('of a change the technician waits for, online, is handed back and not queued', async () => {
    const s = setup({
      handler: () =>
        json(400, { message: 'Please fill in customer name and add at least one item.' }),
    });
    await s.engine.start();
    const outcome = await s.engine.enqueue('quote.create', { ...QUOTE, items: [] });
    expect(outcome).toMatchObject({
      state: 'refused',
      message: 'Please fill in customer name and add at least one item.',
    });
    expect(s.storage.value!.changes).toEqual([]);
  });
});

describe('after a request got no answer (the browser still has a network)', () => {
  it('a new change waits without a try; the next run tries, and sends it', async () => {
    const s = setup({ online: false, appOffline: true });
    await s.engine.start();
    s.setOnline(true);
    const outcome = await s.engine.enqueue('quote.create', QUOTE);
    expect(outcome.state).toBe('queued');
    expect(s.calls).toHaveLength(0);
    await s.engine.run();
    expect(s.calls.map((c) => c.url)).toEqual(['/api/quotes']);
    expect(s.storage.value!.changes).toEqual([]);
  });

  it('an answer too late (a timeout) is tried again, not refused', () => {
    const late = new DOMException('signal timed out', 'TimeoutError');
    expect(classify(late)).toEqual({ kind: 'retry' });
    expect(classify(new TypeError('Failed to fetch'))).toEqual({ kind: 'retry' });
    expect(classify(new Error('boom'))).toMatchObject({ kind: 'refused', message: 'boom' });
  });
});

describe('online', () => {
  it('sends a change at once and hands back the server answer', async () => {
    const s = setup();
    await s.engine.start();
    const outcome = await s.engine.enqueue('quote.create', QUOTE);
    expect(outcome.state).toBe('synced');
    expect(outcome.state === 'synced' && outcome.result).toMatchObject({ id: 101 });
    expect(s.storage.value!.changes).toEqual([]);
  });

  it('a connection that drops under a change made online keeps it queued', async () => {
    const s = setup({ handler: () => 'drop' });
    await s.engine.start();
    const outcome = await s.engine.enqueue('payment.record', {
      invoice: { id: 3, clientId: null },
      amount: 20,
      method: 'check',
    });
    expect(outcome.state).toBe('queued');
    expect(s.storage.value!.changes).toHaveLength(1);
    expect(s.calls[0]!.body).toMatchObject({ invoiceId: 3, method: 'check' });
  });

  it('a new engine on the same storage (a reload) carries on where the last one stopped', async () => {
    const first = setup({ online: false });
    await first.engine.start();
    await roadside(first.engine);
    first.engine.stop();
    const second = setup({ storage: memoryStorage(first.storage.value) });
    await second.engine.start();
    expect(second.calls).toHaveLength(4);
    expect(second.storage.value).toMatchObject({ changes: [] });
  });

  it('forgets server ids after a week', async () => {
    const old = { ...EMPTY_QUEUE, ids: { a: { id: 1, at: 0 }, b: { id: 2, at: Date.now() } } };
    const s = setup({ storage: memoryStorage(old) });
    await s.engine.start();
    expect(Object.keys(s.storage.value!.ids)).toEqual(['b']);
  });
});
