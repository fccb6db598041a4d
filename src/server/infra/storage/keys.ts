import { randomUUID } from 'node:crypto';

/** Storage keys are ours alone and unguessable: `documents/<uuid>`. */
export const STORAGE_KEY_PATTERN =
  /^documents\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const newStorageKey = () => `documents/${randomUUID()}`;
