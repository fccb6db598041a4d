import { useState } from 'react';
import type { UploadReports } from './api/upload-document';

/** An upload under way: how far it has gone (0 to 100), and whether it waits to be retried. */
export type UploadState = { progress: number; retrying: boolean };

type Send<T> = (reports: Required<UploadReports>) => Promise<T>;

const STARTED: UploadState = { progress: 0, retrying: false };

/**
 * The uploads under way on a screen, one per key (a file field): `track(key, send)` runs `send`
 * with the progress and retry reports to hand on (uploadDocument, putFile), so that
 * `uploads[key]` follows it (UploadProgress's value and "Retrying…") until it settles.
 */
export function useUploads<K extends string>() {
  const [uploads, setUploads] = useState<Partial<Record<K, UploadState>>>({});
  const set = (key: K, state: UploadState | undefined) =>
    setUploads((all) => ({ ...all, [key]: state }));
  const patch = (key: K, change: Partial<UploadState>) =>
    setUploads((all) => ({ ...all, [key]: { ...(all[key] ?? STARTED), ...change } }));

  async function track<T>(key: K, send: Send<T>): Promise<T> {
    set(key, STARTED);
    try {
      return await send({
        onProgress: (progress) => patch(key, { progress }),
        onRetrying: (retrying) => patch(key, { retrying }),
      });
    } finally {
      set(key, undefined);
    }
  }
  return { uploads, track };
}

/** One file field's upload: `upload` is null when none is under way. */
export function useUpload() {
  const { uploads, track } = useUploads<'file'>();
  return {
    upload: uploads.file ?? null,
    track: <T>(send: Send<T>) => track('file', send),
  };
}
