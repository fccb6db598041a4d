import { describe, expect, it } from 'vitest';
import { SERVICE_REQUEST_STATUSES } from './constants/domain';
import { SERVICE_REQUEST_MOVES, refusedMoveMessage } from './service-request-rules';

describe('refusedMoveMessage', () => {
  it('is a whole sentence for every move and state: what cannot be done, and why', () => {
    for (const status of SERVICE_REQUEST_STATUSES)
      for (const move of SERVICE_REQUEST_MOVES) {
        const text = refusedMoveMessage(status, move);
        expect(text).toMatch(/^You can't [a-z][a-z ]+ now: [a-z][a-z ]+\.$/);
        expect(text).not.toMatch(/_|Cannot/);
      }
    expect(refusedMoveMessage('completed', 'complete')).toBe(
      "You can't mark the job completed now: the job is already completed.",
    );
  });
});
