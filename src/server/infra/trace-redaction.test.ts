import { describe, expect, it } from 'vitest';
import { redactingExporter, type ReadableSpan, type SpanExporter } from './trace-redaction';

/** A finished span as the SDK hands it to its exporter, with what the instrumentations record. */
function span(name: string, attributes: ReadableSpan['attributes']): ReadableSpan {
  const context = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1 };
  return {
    name,
    kind: 1,
    spanContext: () => context,
    startTime: [1, 0],
    endTime: [2, 0],
    status: { code: 2, message: 'no account for bob@example.com from 198.51.100.4' },
    attributes,
    links: [],
    events: [
      {
        name: 'exception',
        time: [1, 5],
        attributes: { 'exception.message': 'duplicate key: (email)=(bob@example.com)' },
      },
    ],
    duration: [1, 0],
    ended: true,
    resource: {} as ReadableSpan['resource'],
    instrumentationScope: { name: 'test' },
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}

describe('redactingExporter', () => {
  it('hands the exporter copies without tokens, e-mail, phone or IP addresses', async () => {
    const received: ReadableSpan[] = [];
    const inMemory: SpanExporter = {
      export: (spans, done) => {
        received.push(...spans);
        done({ code: 0 });
      },
      shutdown: async () => {},
    };
    const token = 'Zm9vYmFyMTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1u';
    const original = span('GET /api/quote-approvals/:token', {
      'url.full': `https://wrenchly.test/api/quote-approvals/${token}`,
      'url.path': `/api/documents/file/${token}`,
      'url.query': `t=${token}&lastEventId=3`,
      'http.target': '/api/admin/users?search=bob%40example.com',
      'http.route': '/api/quote-approvals/:token',
      'client.address': '203.0.113.9',
      'network.peer.address': '2001:db8::7',
      'http.client_ip': '::ffff:192.0.2.44',
      'db.query.text': "select * from users where email = 'bob@example.com' and id = $1",
      'db.statement': 'evalsha 1 wrenchly:rl:signin:ip:198.51.100.4 60000',
      'http.request.header.cookie': ['wr_session=s3cr3t'],
      'http.request.header.authorization': ['Bearer wr_abc'],
      'enduser.email': 'bob@example.com',
      'custom.note': 'call 202-555-0143',
      'http.response.status_code': 200,
    });
    await new Promise((resolve) => redactingExporter(inMemory).export([original], resolve));

    const [out] = received;
    const text = JSON.stringify({ ...out, spanContext: undefined });
    for (const secret of [
      token,
      'bob@example.com',
      'bob%40example.com',
      '203.0.113.9',
      '2001:db8::7',
      '192.0.2.44',
      '198.51.100.4',
      's3cr3t',
      'wr_abc',
      '555-0143',
    ])
      expect(text).not.toContain(secret);
    expect(out!.attributes).toEqual({
      'url.full': 'https://wrenchly.test/api/quote-approvals/[redacted]',
      'url.path': '/api/documents/file/[redacted]',
      'url.query': 't=[redacted]&lastEventId=3',
      'http.target': '/api/admin/users?search=[redacted]',
      'http.route': '/api/quote-approvals/:token',
      'client.address': '[redacted]',
      'network.peer.address': '[redacted]',
      'http.client_ip': '[redacted]',
      'db.query.text': "select * from users where email = '?' and id = $1",
      'db.statement': 'evalsha 1 wrenchly:rl:signin:ip:[redacted] 60000',
      'custom.note': 'call [redacted]',
      'http.response.status_code': 200,
    });
    expect(out!.name).toBe('GET /api/quote-approvals/:token');
    expect(out!.spanContext()).toEqual(original.spanContext());
    // The span the SDK keeps is not changed.
    expect(original.attributes['client.address']).toBe('203.0.113.9');
  });

  it('keeps what is no address: versions, times, durations', async () => {
    const received: ReadableSpan[] = [];
    const attributes = {
      'service.version': '0.1.0',
      'user_agent.original': 'curl/8.5.0',
      'app.window': '10:30:00',
      'app.ratio': '1.5',
    };
    await new Promise((resolve) =>
      redactingExporter({
        export: (spans, done) => {
          received.push(...spans);
          done({ code: 0 });
        },
        shutdown: async () => {},
      }).export([span('task', attributes)], resolve),
    );
    expect(received[0]!.attributes).toEqual(attributes);
  });
});
