import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isRetryableStatus,
  retryAfterMs,
  retryDelayMs,
  UPLOAD_RETRY,
  UploadError,
  withUploadRetry,
} from './upload-retry';

const failure = (status: number, retryAfter: string | null = null) =>
  new UploadError(status, JSON.stringify({ message: `status ${status}` }), '', retryAfter);

describe('the upload retry policy', () => {
  it('retries a dropped connection, 408, 429 and 5xx, never another answer', () => {
    for (const s of [0, 408, 429, 500, 502, 503, 504])
      expect(isRetryableStatus(s), `${s}`).toBe(true);
    for (const s of [400, 401, 403, 404, 409, 413, 415, 422])
      expect(isRetryableStatus(s), `${s}`).toBe(false);
  });

  it('waits 1 s, 2 s, 4 s with up to a quarter more of jitter', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, null, 0, () => 0))).toEqual([1000, 2000, 4000]);
    expect([1, 2, 3].map((n) => retryDelayMs(n, null, 0, () => 0.999))).toEqual([1249, 2499, 4999]);
  });

  it('honours Retry-After in seconds or as a date, within a ceiling', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(retryDelayMs(1, '3', now)).toBe(3000);
    expect(retryDelayMs(2, '0', now)).toBe(0);
    expect(retryDelayMs(1, 'Sun, 01 Mar 2026 12:00:05 GMT', now)).toBe(5000);
    expect(retryDelayMs(1, '86400', now)).toBe(UPLOAD_RETRY.maxDelayMs);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  describe('withUploadRetry', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.spyOn(Math, 'random').mockReturnValue(0);
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('tries again after 503 and resolves with the success, telling each wait', async () => {
      const attempt = vi
        .fn<() => Promise<string>>()
        .mockRejectedValueOnce(failure(503))
        .mockRejectedValueOnce(failure(0))
        .mockResolvedValue('ok');
      const waits: [number, number][] = [];
      const result = withUploadRetry(attempt, { onRetry: (n, ms) => waits.push([n, ms]) });
      await vi.advanceTimersByTimeAsync(999);
      expect(attempt).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempt).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(2000);
      await expect(result).resolves.toBe('ok');
      expect(attempt).toHaveBeenCalledTimes(3);
      expect(waits).toEqual([
        [1, 1000],
        [2, 2000],
      ]);
    });

    it('waits what Retry-After says on 429', async () => {
      const attempt = vi
        .fn<() => Promise<string>>()
        .mockRejectedValueOnce(failure(429, '7'))
        .mockResolvedValue('ok');
      const result = withUploadRetry(attempt);
      await vi.advanceTimersByTimeAsync(6999);
      expect(attempt).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toBe('ok');
    });

    it('gives up after three retries with the last failure', async () => {
      const attempt = vi.fn<() => Promise<string>>().mockRejectedValue(failure(502));
      const result = withUploadRetry(attempt);
      const settled = expect(result).rejects.toMatchObject({ status: 502 });
      await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
      await settled;
      expect(attempt).toHaveBeenCalledTimes(1 + UPLOAD_RETRY.retries);
    });

    it('does not retry a refusal (415) or an error that is not an upload failure', async () => {
      const refused = vi.fn<() => Promise<string>>().mockRejectedValue(failure(415));
      await expect(withUploadRetry(refused)).rejects.toMatchObject({ status: 415 });
      expect(refused).toHaveBeenCalledTimes(1);
      const bug = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('oops'));
      await expect(withUploadRetry(bug)).rejects.toThrow('oops');
      expect(bug).toHaveBeenCalledTimes(1);
    });
  });
});
