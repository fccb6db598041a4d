import { randomUUID } from 'node:crypto';

/** Storage keys are ours alone and unguessable: `documents/<uuid>` or `photos/<uuid>`. */
export const STORAGE_KEY_PATTERN =
  /^(documents|photos)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const newStorageKey = () => `documents/${randomUUID()}`;

/** Where a processed photo (or its thumbnail) is written by the server itself. */
export const newPhotoKey = () => `photos/${randomUUID()}`;
