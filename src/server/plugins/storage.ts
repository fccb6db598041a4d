import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorage, ObjectMissing, type Storage } from '../infra/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded documents live: local disk, or S3 when configured. */
    storage: Storage;
  }
}

export const storagePlugin = fp(async (app: FastifyInstance) => {
  const storage = createStorage(app.config, () => app.clock());
  // A record whose file is gone (lost from the disk or the bucket) is counted and logged where
  // it is found, whichever route reads it: the routes answer 404, the operator sees the loss.
  const read = storage.read.bind(storage);
  storage.read = async (key) => {
    try {
      return await read(key);
    } catch (err) {
      if (err instanceof ObjectMissing) {
        app.metrics?.storageObjectMissing();
        app.log.warn({ storageKey: key, storage: storage.kind }, 'storage: stored object missing');
      }
      throw err;
    }
  };
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close());
});
