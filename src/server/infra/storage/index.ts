import path from 'node:path';
import type { AppConfig } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './types';

export type { SignedUrl, Storage, StoredDocument } from './types';
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
