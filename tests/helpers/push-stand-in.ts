import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a browser's PushSubscription.toJSON() gives, plus the private half kept by the test. */
export type TestSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The user agent's key pair and secret: what a browser keeps to decrypt. */
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
};

export type ReceivedPush = {
  id: string;
  at: number;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The decrypted JSON payload. */
  message: Record<string, unknown>;
};

const b64u = (b: Buffer) => b.toString('base64url');

/** RFC 8291 (aes128gcm) decryption with the subscriber's keys. */
export function decryptPush(body: Buffer, sub: TestSubscription): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = sub.ecdh.getPublicKey();
  const secret = sub.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, sub.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and zero padding.
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256 over the push service's origin. */
function checkVapid(header: string | undefined, origin: string): string | null {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return 'missing or malformed VAPID authorization';
  const [jwt, k] = [m[1]!, m[2]!];
  const [h, p, s] = jwt.split('.');
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65) return 'bad VAPID public key';
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s ?? '', 'base64url'),
  );
  if (!ok) return 'bad VAPID signature';
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) return `VAPID audience ${claims.aud} is not ${origin}`;
  if (!claims.exp || claims.exp * 1000 < Date.now()) return 'VAPID token expired';
  if (!claims.sub) return 'VAPID subject missing';
  return null;
}

/**
 * A local push service (RFC 8030) for the tests and the notify benchmark: endpoints
 * `/push/<id>`, VAPID checked, payloads decrypted with the subscriber's keys. `gone(id)` makes an
 * endpoint answer 410 (unsubscribed); `fail(id, status)` any other status.
 */
export async function startPushStandIn() {
  const subscriptions = new Map<string, TestSubscription>();
  const answers = new Map<string, number>();
  const delays = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: { id: string; reason: string }[] = [];
  const waiters: { test: (p: ReceivedPush) => boolean; resolve: (p: ReceivedPush) => void }[] = [];
  let origin = '';

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const sub = id ? subscriptions.get(id) : undefined;
    const reply = (status: number) => {
      res.writeHead(status);
      res.end();
    };
    if (req.method !== 'POST' || !id || !sub) return reply(404);
    const delay = delays.get(id);
    if (delay) await new Promise((r) => setTimeout(r, delay));
    const forced = answers.get(id);
    if (forced) return reply(forced);
    const problem =
      checkVapid(req.headers.authorization, origin) ??
      (req.headers['content-encoding'] !== 'aes128gcm' ? 'not aes128gcm' : null) ??
      (req.headers.ttl === undefined ? 'TTL header missing' : null);
    if (problem) {
      rejected.push({ id, reason: problem });
      return reply(problem.startsWith('bad VAPID') || problem.includes('VAPID') ? 403 : 400);
    }
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(decryptPush(Buffer.concat(chunks), sub)) as Record<string, unknown>;
    } catch (err) {
      rejected.push({ id, reason: `undecryptable: ${String(err)}` });
      return reply(400);
    }
    const push: ReceivedPush = {
      id,
      at: Date.now(),
      ttl: Number(req.headers.ttl),
      urgency: req.headers.urgency as string | undefined,
      topic: req.headers.topic as string | undefined,
      message,
    };
    received.push(push);
    for (const w of [...waiters])
      if (w.test(push)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(push);
      }
    res.writeHead(201, { location: `${origin}/messages/${received.length}` });
    res.end();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    rejected,
    /** A new subscriber: what the browser would POST to /api/push/subscriptions. */
    subscribe(): TestSubscription {
      const id = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const sub = {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(authSecret) },
        ecdh,
        authSecret,
      };
      subscriptions.set(id, sub);
      return sub;
    },
    idOf: (sub: { endpoint: string }) => sub.endpoint.split('/').pop()!,
    gone(sub: { endpoint: string }) {
      answers.set(sub.endpoint.split('/').pop()!, 410);
    },
    fail(sub: { endpoint: string }, status: number) {
      answers.set(sub.endpoint.split('/').pop()!, status);
    },
    /** Answers this endpoint only after `ms` (a slow push service). */
    slow(sub: { endpoint: string }, ms: number) {
      delays.set(sub.endpoint.split('/').pop()!, ms);
    },
    heal(sub: { endpoint: string }) {
      answers.delete(sub.endpoint.split('/').pop()!);
    },
    for(sub: { endpoint: string }) {
      const id = sub.endpoint.split('/').pop();
      return received.filter((r) => r.id === id);
    },
    /** Resolves with the first push (from now on) that matches. */
    next(test: (p: ReceivedPush) => boolean = () => true) {
      return new Promise<ReceivedPush>((resolve) => waiters.push({ test, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
