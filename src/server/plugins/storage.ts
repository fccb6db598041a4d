import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorage, type Storage } from '../infra/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded documents live: local disk, or S3 when configured. */
    storage: Storage;
  }
}

export const storagePlugin = fp(async (app: FastifyInstance) => {
  const storage = createStorage(app.config, () => app.clock());
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close());
});
