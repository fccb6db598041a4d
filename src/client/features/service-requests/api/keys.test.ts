import { describe, expect, it } from 'vitest';
import { requestPath } from '@shared/paths';
import { serviceRequestKeys, serviceRequestUrl } from './keys';

describe('service request links', () => {
  it('carries the guest token on the page and on every API call', () => {
    expect(requestPath('WR-000123')).toBe('/requests/WR-000123');
    expect(requestPath('WR-000123', 'a_b-c')).toBe('/requests/WR-000123?t=a_b-c');
    expect(serviceRequestUrl({ reference: 'WR-000123' })).toBe('/api/service-requests/WR-000123');
    expect(serviceRequestUrl({ reference: 'WR-000123', token: 'tok' }, '/moves')).toBe(
      '/api/service-requests/WR-000123/moves?t=tok',
    );
    expect(serviceRequestUrl({ reference: 'WR-000123', token: 'a+b/c' }, '/stream')).toBe(
      '/api/service-requests/WR-000123/stream?t=a%2Bb%2Fc',
    );
  });
});

describe('serviceRequestKeys', () => {
  it('keeps one entry per request whatever the case of its reference', () => {
    expect(serviceRequestKeys.detail('wr-000123')).toEqual(serviceRequestKeys.detail('WR-000123'));
  });

  it('keeps the lists apart from every request and under the feature’s root', () => {
    const startsWith = (key: readonly string[], prefix: readonly string[]) =>
      prefix.every((part, i) => key[i] === part);
    expect(startsWith(serviceRequestKeys.mine, serviceRequestKeys.lists)).toBe(true);
    expect(startsWith(serviceRequestKeys.detail('WR-1'), serviceRequestKeys.lists)).toBe(false);
    // A reference written like the lists' segment is still a request (references are upper case).
    expect(startsWith(serviceRequestKeys.detail('list'), serviceRequestKeys.lists)).toBe(false);
    for (const key of [serviceRequestKeys.mine, serviceRequestKeys.detail('WR-1')])
      expect(startsWith(key, serviceRequestKeys.all)).toBe(true);
  });
});
