import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import { ApiError, type ApiRequest } from '../../../lib/api-client';
import { serviceRequestKeys } from './keys';
import { serviceRequestMoveOptions } from './move-service-request';

const before = { reference: 'WR-000123', status: 'scheduled' } as ServiceRequestDetail;
const after = { reference: 'WR-000123', status: 'en_route' } as ServiceRequestDetail;

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  qc.setQueryData(serviceRequestKeys.detail('WR-000123'), before);
  qc.setQueryData(serviceRequestKeys.mine, [before]);
  qc.setQueryData(serviceRequestKeys.detail('WR-000999'), { reference: 'WR-000999' });
  const sent: { method: string; url: string; body: unknown }[] = [];
  const invalidated = (key: readonly unknown[]) =>
    qc.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated;
  return { qc, sent, invalidated };
}

describe('a move on a service request', () => {
  it('posts to the request’s moves with the guest token, keeps the answer and refreshes the lists', async () => {
    const { qc, sent, invalidated } = setup();
    const send: ApiRequest = async <T>(method: string, url: string, body?: unknown) => {
      sent.push({ method, url, body });
      return after as T;
    };
    const moved: ServiceRequestDetail[] = [];
    const options = serviceRequestMoveOptions(
      qc,
      { reference: 'WR-000123', token: 'tok' },
      (d) => void moved.push(d),
      send,
    );
    await new MutationObserver(qc, options).mutate({ move: 'start_route' });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/service-requests/WR-000123/moves?t=tok',
        body: { move: 'start_route' },
      },
    ]);
    expect(qc.getQueryData(serviceRequestKeys.detail('wr-000123'))).toEqual(after);
    expect(moved).toEqual([after]);
    expect(invalidated(serviceRequestKeys.mine)).toBe(true);
    expect(invalidated(serviceRequestKeys.detail('WR-000123'))).toBe(false);
    expect(invalidated(serviceRequestKeys.detail('WR-000999'))).toBe(false);
  });

  it('settles only once what `onMoved` started has (the admin area’s refresh)', async () => {
    const { qc } = setup();
    let refreshed = false;
    const options = serviceRequestMoveOptions(
      qc,
      { reference: 'WR-000123' },
      () => new Promise<void>((done) => setTimeout(() => ((refreshed = true), done()), 10)),
      async <T>() => after as T,
    );
    await new MutationObserver(qc, options).mutate({ move: 'cancel', reason: 'duplicate' });
    expect(refreshed).toBe(true);
  });

  it('refused, keeps the request as it was and reads it again', async () => {
    const { qc, invalidated } = setup();
    const moved: ServiceRequestDetail[] = [];
    const options = serviceRequestMoveOptions(
      qc,
      { reference: 'WR-000123' },
      (d) => void moved.push(d),
      async () => {
        throw new ApiError(409, '{"message":"Already moved"}', 'Conflict');
      },
    );
    await expect(new MutationObserver(qc, options).mutate({ move: 'start_route' })).rejects.toThrow(
      'Already moved',
    );
    expect(qc.getQueryData(serviceRequestKeys.detail('WR-000123'))).toEqual(before);
    expect(moved).toEqual([]);
    expect(invalidated(serviceRequestKeys.detail('WR-000123'))).toBe(true);
    expect(invalidated(serviceRequestKeys.mine)).toBe(false);
  });
});
