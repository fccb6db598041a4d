import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One envelope as Sentry (or GlitchTip) receives it: the raw text, and its parsed parts. */
export type Envelope = {
  project: string;
  raw: string;
  header: Record<string, unknown>;
  items: { header: { type?: string } & Record<string, unknown>; payload: unknown }[];
};

/** The events (error reports) of the received envelopes. */
export const eventsOf = (envelopes: Envelope[]) =>
  envelopes.flatMap((e) =>
    e.items.filter((i) => i.header.type === 'event').map((i) => i.payload as SentryEvent),
  );

export type SentryEvent = {
  release?: string;
  environment?: string;
  tags?: Record<string, string>;
  request?: { url?: string; method?: string; headers?: Record<string, string> };
  exception?: { values?: { type?: string; value?: string }[] };
  user?: Record<string, unknown>;
  contexts?: { trace?: { trace_id?: string } };
};

/**
 * A Sentry stand-in: accepts `POST /api/<project>/envelope/` (a newline-delimited envelope: its
 * header, then each item's header and payload, gzipped or not) and keeps what it received.
 * The DSN to give the app is `dsn`.
 */
export async function startSentryStandIn(port = 0) {
  const envelopes: Envelope[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const m = /^\/api\/(\w+)\/envelope\/?(\?.*)?$/.exec(req.url ?? '');
      if (req.method === 'OPTIONS') {
        // The browser's preflight (the SDK posts text/plain, which needs none; kept for others).
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': '*',
        });
        return res.end();
      }
      if (req.method !== 'POST' || !m) return res.writeHead(404).end();
      const body = Buffer.concat(chunks);
      const raw = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString(
        'utf8',
      );
      const lines = raw.split('\n').filter((l) => l.length > 0);
      const header = JSON.parse(lines[0]!) as Record<string, unknown>;
      const items: Envelope['items'] = [];
      for (let i = 1; i < lines.length; i += 2) {
        const itemHeader = JSON.parse(lines[i]!) as Envelope['items'][number]['header'];
        const text = lines[i + 1] ?? '';
        let payload: unknown = text;
        try {
          payload = JSON.parse(text);
        } catch {
          // an attachment: kept as text
        }
        items.push({ header: itemHeader, payload });
      }
      envelopes.push({ project: m[1]!, raw, header, items });
      res
        .writeHead(200, {
          'content-type': 'application/json',
          'access-control-allow-origin': '*',
        })
        .end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const { port: bound } = server.address() as AddressInfo;
  return {
    envelopes,
    port: bound,
    dsn: `http://public0123456789abcdef@127.0.0.1:${bound}/42`,
    /** Resolves once `until` holds for what was received (at most `timeoutMs`). */
    async waitFor(until: (envelopes: Envelope[]) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!until(envelopes) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50)); // polling interval
      return envelopes;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
