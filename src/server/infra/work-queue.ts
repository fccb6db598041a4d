/**
 * A small bounded queue for expensive work (decoding and re-encoding images): at most
 * `concurrency` jobs run at once, at most `maxWaiting` wait for a turn, and one more is refused
 * at once (QueueFull) instead of piling up. Work like this runs on libuv's thread pool, which
 * password hashing shares: bounded here, it can occupy `concurrency` of its threads, never all.
 */
export class QueueFull extends Error {
  constructor(
    /** A fair guess of when a place frees up, for Retry-After. */
    public readonly retryAfterSeconds: number,
  ) {
    super('The queue is full');
    this.name = 'QueueFull';
  }
}

export type WorkQueue = {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now (for tests and metrics). */
  readonly running: number;
  readonly waiting: number;
};

export function createWorkQueue(options: {
  concurrency: number;
  maxWaiting: number;
  /** Roughly how long one job takes, for the Retry-After of a refusal. */
  typicalJobSeconds?: number;
}): WorkQueue {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const maxWaiting = Math.max(0, Math.floor(options.maxWaiting));
  const typical = options.typicalJobSeconds ?? 2;
  let running = 0;
  const line: (() => void)[] = [];

  const next = () => {
    running--;
    const wake = line.shift();
    if (wake) {
      running++;
      wake();
    }
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (line.length >= maxWaiting)
          throw new QueueFull(Math.ceil(((line.length + 1) * typical) / concurrency));
        // The place is handed over by `next` (running stays counted), so none is lost.
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        next();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
}
