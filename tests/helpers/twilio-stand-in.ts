import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Twilio's magic test numbers: this one is 'not a valid phone number' (error 21211). */
export const TWILIO_INVALID_TO = '+15005550001';

/**
 * A local stand-in for Twilio's Messages API (2010-04-01): form-encoded POST to
 * /Accounts/{sid}/Messages.json with Basic auth, answering Twilio's JSON message resource or
 * its error envelope `{ code, message, more_info, status }`.
 */
export async function startTwilioStandIn(
  accountSid = 'AC00000000000000000000000000000000',
  token = 'twilio-test-token',
) {
  const messages: { to: string; from: string; body: string; at: number }[] = [];
  const state = { status: 0 };
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const send = (status: number, body: Record<string, unknown>) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const expected = `Basic ${Buffer.from(`${accountSid}:${token}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return send(401, { code: 20003, message: 'Authenticate', status: 401 });
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return send(404, {
        code: 20404,
        message: 'The requested resource was not found',
        status: 404,
      });
    if (state.status)
      return send(state.status, {
        code: 20500,
        message: 'Internal Server Error',
        status: state.status,
      });
    const form = new URLSearchParams(raw);
    const to = form.get('To') ?? '';
    if (to === TWILIO_INVALID_TO || !/^\+\d{8,15}$/.test(to))
      return send(400, {
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      });
    const sid = `SM${String(messages.length + 1).padStart(32, '0')}`;
    messages.push({
      to,
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
      at: Date.now(),
    });
    send(201, {
      sid,
      account_sid: accountSid,
      to,
      from: form.get('From'),
      body: form.get('Body'),
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accountSid,
    token,
    messages,
    /** Answers every message with this status (0: normal). */
    failWith(status: number) {
      state.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
