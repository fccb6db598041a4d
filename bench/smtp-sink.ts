/**
 * An SMTP relay in a process of its own for the outbox bench (bench/outbox.ts): accepts every
 * message, counts them and their distinct Message-IDs, and reports over IPC (its port when it
 * listens, the counts when asked).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

let received = 0;
const ids = new Set<string>();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, cb) {
    let head = '';
    stream.on('data', (c: Buffer) => {
      if (head.length < 8192) head += c.toString();
    });
    stream.on('end', () => {
      received++;
      const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1];
      if (id) ids.add(id);
      cb();
    });
  },
});
server.listen(0, '127.0.0.1', () =>
  process.send!({ port: (server.server.address() as AddressInfo).port }),
);
process.on('message', () => process.send!({ received, unique: ids.size }));
