import type { FastifyInstance } from 'fastify';
import { createWorkQueue, type WorkQueue } from './work-queue';

/**
 * The threads of libuv's pool, which Node sizes from UV_THREADPOOL_SIZE when it first uses it
 * (4 unless set). sharp runs each pipeline on one of them, and password hashing
 * (@node-rs/argon2, through N-API async work) waits for one too: with every thread decoding,
 * a sign-in waits for an image to finish.
 */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const size = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(size) && size > 0 ? Math.min(size, 1024) : 4;
}

/**
 * How many images may be decoded at once: what was asked (IMAGE_WORKERS), but never the whole
 * thread pool, so that a sign-in always finds a free thread. (A pool of one thread cannot keep
 * that promise; it still gets one worker, or photos could never be processed.)
 */
export function decodingWorkers(requested: number, poolSize = threadPoolSize()): number {
  return Math.max(1, Math.min(Math.floor(requested), poolSize - 1));
}

const queues = new WeakMap<object, WorkQueue>();

/**
 * The app's one line for decoding images (IMAGE_WORKERS at once, IMAGE_QUEUE waiting): the cap
 * is about the process's thread pool, so every image the app decodes waits in the same line.
 * One per app, found by its config object (the same in every plugin's context; tests build
 * several apps in one process, and hold the line's workers to test what waits and what is
 * refused).
 */
export function imageQueue(app: FastifyInstance): WorkQueue {
  let queue = queues.get(app.config);
  if (!queue) {
    const { workers: requested, queue: maxWaiting } = app.config.images;
    const workers = decodingWorkers(requested);
    if (workers < requested)
      app.log.warn(
        { requested, workers, threadPool: threadPoolSize() },
        'IMAGE_WORKERS lowered to leave a thread of the pool to sign-ins (raise UV_THREADPOOL_SIZE for more)',
      );
    queue = createWorkQueue({ concurrency: workers, maxWaiting });
    queues.set(app.config, queue);
  }
  return queue;
}
