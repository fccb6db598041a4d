import { describe, expect, it } from 'vitest';
import { createWorkQueue, QueueFull } from './work-queue';

/** A job that ends when told to. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('work queue', () => {
  it('runs at most `concurrency` jobs at once, in arrival order, and refuses past the line', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 1, typicalJobSeconds: 3 });
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    let peak = 0;
    const job = (i: number) =>
      queue.run(async () => {
        started.push(i);
        peak = Math.max(peak, queue.running);
        await gates[i]!.opened;
        return i;
      });
    const results = [job(0), job(1), job(2)];
    await Promise.resolve();
    expect(queue.running).toBe(2);
    expect(queue.waiting).toBe(1);
    // The line is full: refused at once, with a guess of when to come back.
    const refused = await queue.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(QueueFull);
    expect((refused as QueueFull).retryAfterSeconds).toBe(3);

    gates[1]!.open();
    expect(await results[1]).toBe(1);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    expect(await Promise.all(results)).toEqual([0, 1, 2]);
    expect(peak).toBe(2);
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it('frees the place of a job that fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
    expect(queue.running).toBe(0);
  });
});
