import { ApiError } from './api-client';

/**
 * How every file upload retries: a dropped connection, 408, 429 and 5xx are worth another try
 * (the server said "not now", or never answered); any other status is the server's final word.
 * Three retries after 1 s, 2 s and 4 s (plus up to a quarter more, so that many clients cut off
 * together do not come back together), or when the server's Retry-After says.
 */
export const UPLOAD_RETRY = { retries: 3, baseDelayMs: 1000, maxDelayMs: 30_000 } as const;

export const NETWORK_FAILURE = 'The upload failed. Please check your connection.';

/** An upload's failure: the HTTP status (0 when no answer came) and the server's Retry-After. */
export class UploadError extends ApiError {
  constructor(
    status: number,
    body: string,
    statusText: string,
    public readonly retryAfter: string | null = null,
  ) {
    super(status, body, statusText);
  }
}

export const isRetryableStatus = (status: number) =>
  status === 0 || status === 408 || status === 429 || status >= 500;

/** Retry-After in milliseconds (delta-seconds or an HTTP date), or null when absent or bad. */
export function retryAfterMs(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The wait before retry number `retry` (1-based). */
export function retryDelayMs(
  retry: number,
  retryAfter: string | null,
  now: number = Date.now(),
  random: () => number = Math.random,
): number {
  const told = retryAfterMs(retryAfter, now);
  if (told !== null) return Math.min(told, UPLOAD_RETRY.maxDelayMs);
  const base = UPLOAD_RETRY.baseDelayMs * 2 ** (retry - 1);
  return Math.min(base + Math.floor(random() * base * 0.25), UPLOAD_RETRY.maxDelayMs);
}

export type RetryHooks = {
  /** Called before each wait: which retry comes next and after how long. */
  onRetry?: (retry: number, delayMs: number) => void;
  sleep?: (ms: number) => Promise<void>;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it succeeds, fails for good, or the retries are spent. */
export async function withUploadRetry<T>(
  attempt: () => Promise<T>,
  { onRetry, sleep = wait }: RetryHooks = {},
): Promise<T> {
  for (let retry = 1; ; retry++) {
    try {
      return await attempt();
    } catch (err) {
      if (
        !(err instanceof UploadError) ||
        !isRetryableStatus(err.status) ||
        retry > UPLOAD_RETRY.retries
      )
        throw err;
      const delay = retryDelayMs(retry, err.retryAfter);
      onRetry?.(retry, delay);
      await sleep(delay);
    }
  }
}

export type SendOptions = {
  headers?: Record<string, string>;
  /** 0 to 100; back to 0 when a retry starts over. */
  onProgress?: (percent: number) => void;
  /** True while waiting to try again, false once the next try is under way. */
  onRetrying?: (retrying: boolean) => void;
};

/** One XHR (for its upload progress, which fetch does not give). */
function sendOnce(method: string, url: string, body: Blob, options: SendOptions) {
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(options.headers ?? {}))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(100);
        resolve(xhr.responseText);
      } else
        reject(
          new UploadError(
            xhr.status,
            xhr.responseText,
            xhr.statusText,
            xhr.getResponseHeader('retry-after'),
          ),
        );
    };
    xhr.onerror = () => reject(new UploadError(0, '', NETWORK_FAILURE));
    xhr.ontimeout = xhr.onerror;
    xhr.send(body);
  });
}

/**
 * The one way the client sends a file: an XHR with progress, retried by UPLOAD_RETRY. Resolves
 * with the response's text.
 */
export function sendFile(
  method: 'PUT' | 'POST',
  url: string,
  body: Blob,
  options: SendOptions = {},
): Promise<string> {
  return withUploadRetry(
    () => {
      options.onRetrying?.(false);
      options.onProgress?.(0);
      return sendOnce(method, url, body, options);
    },
    { onRetry: () => options.onRetrying?.(true) },
  );
}
