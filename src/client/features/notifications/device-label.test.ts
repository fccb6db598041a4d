import { describe, expect, it } from 'vitest';
import { pushSubscriptionInputSchema } from '@shared/schemas/notifications';
import { applicationServerKey, deviceLabel, subscriptionInput } from './device-label';

const UA = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
};

describe('deviceLabel', () => {
  it('names the browser and the system', () => {
    expect(deviceLabel(UA.chromeAndroid)).toBe('Chrome on Android');
    expect(deviceLabel(UA.safariIphone)).toBe('Safari on iPhone');
    expect(deviceLabel(UA.edgeWindows)).toBe('Edge on Windows');
    expect(deviceLabel(UA.firefoxMac)).toBe('Firefox on Mac');
    expect(deviceLabel(UA.chromeLinux)).toBe('Chrome on Linux');
    expect(deviceLabel(UA.samsung)).toBe('Samsung Internet on Android');
  });

  it('falls back to what it recognises', () => {
    expect(deviceLabel('')).toBe('Web browser');
    expect(deviceLabel('curl/8.0')).toBe('Web browser');
    expect(deviceLabel('Something (Windows NT 10.0)')).toBe('Windows');
  });
});

describe('subscriptionInput', () => {
  it('is what the server takes', () => {
    const input = subscriptionInput(
      {
        endpoint: 'https://push.example/send/abc',
        expirationTime: null,
        keys: {
          p256dh:
            'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      },
      UA.chromeAndroid,
    );
    expect(pushSubscriptionInputSchema.parse(input)).toEqual(input);
    expect(input.deviceLabel).toBe('Chrome on Android');
  });
});

describe('applicationServerKey', () => {
  it('decodes base64url', () => {
    expect([...applicationServerKey('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    const key =
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    expect(applicationServerKey(key)).toHaveLength(65);
    expect(applicationServerKey(key)[0]).toBe(4);
  });
});
