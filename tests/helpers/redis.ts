import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';

/**
 * The Redis the Redis legs run against: TEST_REDIS_URL, else a local one on 127.0.0.1:6379
 * when it answers PING within half a second; null (the legs are skipped) otherwise. On CI
 * (`CI` set) no answer is an error: a green run there means the Redis legs ran.
 */
export async function reachableRedisUrl(): Promise<string | null> {
  const url = await answeringRedisUrl();
  if (!url && process.env.CI)
    throw new Error(
      `No Redis answers at ${process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379'}: on CI the Redis legs must run, not be skipped`,
    );
  return url;
}

async function answeringRedisUrl(): Promise<string | null> {
  const url = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  const { hostname, port } = new URL(url);
  const answered = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
  return answered ? url : null;
}

/** A key prefix no other test (or run) uses. */
export const uniqueRedisPrefix = () => `wrenchly-test:${randomBytes(6).toString('hex')}:`;
