import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { decodingWorkers, imageQueue, threadPoolSize } from './image-queue';

/** Just what imageQueue reads of an app, with the warnings it logs. */
function fakeApp(workers: number, queue: number) {
  const warnings: unknown[] = [];
  const app = {
    config: { images: { workers, queue } },
    log: { warn: (details: unknown) => warnings.push(details) },
  };
  return { app: app as unknown as FastifyInstance, warnings };
}

describe('image decoding workers', () => {
  it("reads libuv's pool size as Node does: UV_THREADPOOL_SIZE, else 4", () => {
    expect(threadPoolSize({})).toBe(4);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '8' })).toBe(8);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: 'lots' })).toBe(4);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '0' })).toBe(4);
  });

  it('never takes the whole pool, so a sign-in always finds a thread to hash on', () => {
    expect(decodingWorkers(1, 4)).toBe(1);
    expect(decodingWorkers(3, 4)).toBe(3);
    expect(decodingWorkers(4, 4)).toBe(3);
    expect(decodingWorkers(16, 4)).toBe(3);
    expect(decodingWorkers(16, 8)).toBe(7);
    // Photos are still processed on the smallest pools.
    expect(decodingWorkers(2, 2)).toBe(1);
    expect(decodingWorkers(1, 1)).toBe(1);
  });
});

describe('the image queue', () => {
  it('is one per app, whoever asks for it', () => {
    const one = fakeApp(1, 0);
    const other = fakeApp(1, 0);
    expect(imageQueue(one.app)).toBe(imageQueue(one.app));
    expect(imageQueue(other.app)).not.toBe(imageQueue(one.app));
  });

  it('lowers (and says so) a worker count that would take the whole pool', async () => {
    const pool = threadPoolSize();
    const { app, warnings } = fakeApp(pool + 4, 0);
    const queue = imageQueue(app);
    expect(warnings).toEqual([{ requested: pool + 4, workers: pool - 1, threadPool: pool }]);

    // As many jobs run as it allows, and the next is refused (no line).
    const held: Promise<void>[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    for (let i = 0; i < pool - 1; i++) held.push(queue.run(() => gate));
    expect(queue.running).toBe(pool - 1);
    await expect(queue.run(async () => undefined)).rejects.toThrow('The queue is full');
    release();
    await Promise.all(held);
    expect(queue.running).toBe(0);
  });
});
