import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../app-error';
import type { AppConfig } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import { ObjectMissing, type Storage } from './types';

export type { SignedUrl, Storage, StoredDocument } from './types';
export { ObjectMissing } from './types';
export type { LocalStorage } from './local';
export { newPhotoKey, newStorageKey, STORAGE_KEY_PATTERN } from './keys';

/** S3 when a bucket is configured, otherwise files under DATA_DIR/uploads. */
export function createStorage(config: AppConfig, now: () => Date): Storage {
  if (config.s3) return createS3Storage(config.s3, now);
  return createLocalStorage({
    root: path.join(config.dataDir, 'uploads'),
    secret: config.sessionSecret,
    now,
  });
}

/**
 * The object's bytes, or a 404 with `message` when nothing is stored under the key: a file lost
 * from the disk or the bucket is a missing photo or document to whoever asks, never a 500
 * (the storage plugin counts it in `wrenchly_storage_missing_objects_total`).
 */
export async function readOrNotFound(
  storage: Storage,
  key: string,
  message: string,
): Promise<Readable> {
  try {
    return await storage.read(key);
  } catch (err) {
    if (err instanceof ObjectMissing) throw new AppError(404, message);
    throw err;
  }
}
