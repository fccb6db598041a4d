import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { appSettings, pushSubscriptions } from '../../db/schema';
import { errorText, type Transport } from './types';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** What a push message carries in the outbox's payload. */
export type PushPayload = {
  subscriptionId: number;
  /** The JSON the service worker receives (shared PushMessage). */
  message: Record<string, unknown>;
  /** Push services deliver 'high' at once, even to a phone saving battery. */
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces an undelivered message with the same topic at the push service. */
  topic?: string;
};

const VAPID_SETTING = 'vapid';

/**
 * The VAPID key pair: from the environment, else (outside production; config refuses a
 * production start without them) generated once and kept in the database so every instance and
 * every restart signs with the same pair (subscriptions are bound to the public key).
 */
export async function loadVapidKeys(db: Db, config: AppConfig): Promise<VapidKeys | null> {
  const { push } = config;
  if (!push.enabled) return null;
  if (push.vapidPublicKey && push.vapidPrivateKey)
    return {
      publicKey: push.vapidPublicKey,
      privateKey: push.vapidPrivateKey,
      subject: push.vapidSubject,
    };
  const read = async () => {
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, VAPID_SETTING));
    return row?.value as { publicKey: string; privateKey: string } | undefined;
  };
  let keys = await read();
  if (!keys) {
    const generated = webpush.generateVAPIDKeys();
    // Two instances starting together: the first insert wins and both read it back.
    await db
      .insert(appSettings)
      .values({ key: VAPID_SETTING, value: { ...generated } })
      .onConflictDoNothing();
    keys = (await read())!;
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: push.vapidSubject };
}

/**
 * Web Push (RFC 8030/8291/8292) through the `web-push` library: it encrypts the payload and
 * signs the VAPID header; the request goes out with fetch (http(s); keep-alive). 404/410 mean
 * the subscription is gone: it is deleted.
 */
export function webPushTransport(options: {
  db: Db;
  vapid: VapidKeys;
  clock: () => Date;
  timeoutMs?: number;
}): Transport {
  const { db, vapid, clock } = options;
  const timeout = options.timeoutMs ?? 10_000;
  return {
    name: 'web-push',
    async deliver(row) {
      const p = row.payload as PushPayload | null;
      if (!p?.subscriptionId) return { status: 'failed', error: 'No subscription in the payload' };
      const [sub] = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, p.subscriptionId));
      if (!sub) return { status: 'canceled', error: 'The device unsubscribed', gone: true };
      const ttl = row.expiresAt
        ? Math.max(0, Math.floor((row.expiresAt.getTime() - clock().getTime()) / 1000))
        : 24 * 3600;
      let details;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(p.message),
          {
            vapidDetails: vapid,
            TTL: ttl,
            urgency: p.urgency ?? 'normal',
            ...(p.topic ? { topic: p.topic } : {}),
          },
        );
      } catch (err) {
        // Keys the library cannot use: this subscription will never work.
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
        return {
          status: 'canceled',
          error: `Unusable subscription: ${errorText(err)}`,
          gone: true,
        };
      }
      let res: Response;
      try {
        res = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : undefined,
          signal: AbortSignal.timeout(timeout),
        });
        await res.arrayBuffer().catch(() => undefined);
      } catch (err) {
        return { status: 'retry', error: `Push service unreachable: ${errorText(err)}` };
      }
      if (res.ok) {
        await db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: clock() })
          .where(eq(pushSubscriptions.id, sub.id));
        return { status: 'sent' };
      }
      if (res.status === 404 || res.status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
        return {
          status: 'canceled',
          error: `Push subscription gone (${res.status}); removed`,
          gone: true,
        };
      }
      const error = `Push service answered ${res.status}`;
      return res.status === 429 || res.status >= 500
        ? { status: 'retry', error }
        : { status: 'failed', error };
    },
  };
}
