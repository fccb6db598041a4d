import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; data: string; at: number };

/**
 * A real SMTP server on a free loopback port, recording what it receives. `refuse` makes it
 * answer RCPT TO with that reply code (550: permanent, 451: try later); `delayMs` makes it take
 * that long to accept each message.
 */
export async function startSmtpStandIn(
  options: { refuse?: number; port?: number; delayMs?: number } = {},
) {
  const received: ReceivedMail[] = [];
  /** Recipients of the messages whose DATA began (handed to the relay), in order. */
  const handed: string[] = [];
  const state = { refuse: options.refuse };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A relay that goes away drops its clients' connections (the outbox keeps a pool of them
    // open): close() ends them at once rather than waiting 30 s for the clients to leave.
    closeTimeout: 100,
    onRcptTo(_address, _session, cb) {
      if (state.refuse) {
        const err = new Error(state.refuse >= 500 ? 'Mailbox unavailable' : 'Try again later');
        (err as Error & { responseCode: number }).responseCode = state.refuse;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      let data = '';
      handed.push(...session.envelope.rcptTo.map((r) => r.address));
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', async () => {
        // A slow relay (`delayMs`): the message is accepted that long after its data arrived.
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          at: Date.now(),
        });
        cb();
      });
    },
  });
  // A port of its own, or the one a relay that went away had (the app still sends there).
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    handed,
    /** Changes the RCPT TO answer (undefined: accept). */
    refuse(code: number | undefined) {
      state.refuse = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
