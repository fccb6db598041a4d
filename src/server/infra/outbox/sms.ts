import twilio from 'twilio';
import type { AppConfig } from '../../config';
import { errorText, type Transport } from './types';

/**
 * SMS through Twilio's official SDK. With TWILIO_BASE_URL set the SDK's requests go to that
 * host instead (a local stand-in in the tests), through its own request client.
 */
export function twilioTransport(sms: AppConfig['sms']): Transport | undefined {
  if (sms.provider !== 'twilio') return undefined;
  const { accountSid, authToken, from, baseUrl } = sms.twilio;
  let httpClient: twilio.RequestClient | undefined;
  if (baseUrl) {
    const base = baseUrl.replace(/\/+$/, '');
    httpClient = new twilio.RequestClient({ timeout: 15_000 });
    const request = httpClient.request.bind(httpClient);
    httpClient.request = (opts) =>
      request({
        ...opts,
        uri: opts.uri.replace(/^https:\/\/api\.twilio\.com/, base),
      });
  }
  const client = twilio(accountSid, authToken, {
    ...(httpClient ? { httpClient } : {}),
    autoRetry: false,
    timeout: 15_000,
  });
  return {
    name: 'twilio',
    async deliver(row) {
      try {
        await client.messages.create({ to: row.toAddress, from: from!, body: row.textBody });
        return { status: 'sent' };
      } catch (err) {
        const status = (err as { status?: number }).status;
        // Twilio answers 400 for a number it will never reach (21211, 21610 unsubscribed...).
        if (status && status >= 400 && status < 500 && status !== 429)
          return { status: 'failed', error: errorText(err) };
        return { status: 'retry', error: errorText(err) };
      }
    },
  };
}
