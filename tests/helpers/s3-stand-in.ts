import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import type { S3Config } from '../../src/server/config';

/**
 * A minimal S3 stand-in on a loopback port: path-style PUT, HEAD, GET (with Range and the
 * response-* overrides of presigned reads) and DELETE of objects in one bucket, kept in memory.
 * Every request must carry a valid AWS Signature Version 4, in the Authorization header (SDK
 * calls) or in the query string (presigned URLs, with their expiry); the signature is
 * recomputed and compared, so a badly signed or tampered URL fails here as it would on S3.
 */
export type S3StandIn = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** Every request: method, object key, Range header and how it was signed. */
  requests: { method: string; key: string; range?: string; auth: 'header' | 'query' }[];
  close(): Promise<void>;
};

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

class S3Failure extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

function parseQuery(raw: string): [string, string][] {
  if (!raw) return [];
  return raw.split('&').map((pair) => {
    const i = pair.indexOf('=');
    const k = i < 0 ? pair : pair.slice(0, i);
    const v = i < 0 ? '' : pair.slice(i + 1);
    return [decodeURIComponent(k), decodeURIComponent(v)];
  });
}

function parseAmzDate(s: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  if (!m) throw new S3Failure(403, 'AccessDenied', 'Invalid X-Amz-Date');
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

/** The app's S3 configuration pointing at the stand-in (path-style, its credentials). */
export function s3ConfigOf(s3: S3StandIn): S3Config {
  return {
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  };
}

export async function startS3StandIn(
  options: { bucket?: string; region?: string; now?: () => Date } = {},
): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'wrenchly-test';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = 'AKIDSTANDIN';
  const secretAccessKey = 'stand-in-secret-access-key';
  const now = options.now ?? (() => new Date());
  const objects: S3StandIn['objects'] = new Map();
  const requests: S3StandIn['requests'] = [];

  /** Recomputes the SigV4 signature of the request; throws an S3 error when it does not match. */
  function authenticate(req: IncomingMessage, path: string, rawQuery: string, body: Buffer) {
    const query = parseQuery(rawQuery);
    const q = new Map(query);
    let credential: string, signedHeaders: string, signature: string, amzDate: string;
    let payloadHash: string;
    let auth: 'header' | 'query';
    if (q.has('X-Amz-Algorithm')) {
      auth = 'query';
      if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
        throw new S3Failure(400, 'AuthorizationQueryParametersError', 'Unsupported algorithm');
      credential = q.get('X-Amz-Credential') ?? '';
      signedHeaders = q.get('X-Amz-SignedHeaders') ?? '';
      signature = q.get('X-Amz-Signature') ?? '';
      amzDate = q.get('X-Amz-Date') ?? '';
      payloadHash = q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
      const expires = Number(q.get('X-Amz-Expires'));
      if (!Number.isInteger(expires) || expires < 1 || expires > 604800)
        throw new S3Failure(400, 'AuthorizationQueryParametersError', 'Bad X-Amz-Expires');
      if (now().getTime() > parseAmzDate(amzDate).getTime() + expires * 1000)
        throw new S3Failure(403, 'AccessDenied', 'Request has expired');
    } else {
      auth = 'header';
      const m =
        /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/.exec(
          req.headers.authorization ?? '',
        );
      if (!m) throw new S3Failure(403, 'AccessDenied', 'Access Denied');
      [, credential, signedHeaders, signature] = m as unknown as [string, string, string, string];
      amzDate = String(req.headers['x-amz-date'] ?? '');
      payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== hex(body))
        throw new S3Failure(400, 'XAmzContentSHA256Mismatch', 'The payload hash does not match');
    }
    const [akid, date, scopeRegion, service, terminator] = credential.split('/');
    if (akid !== accessKeyId)
      throw new S3Failure(403, 'InvalidAccessKeyId', 'The AWS Access Key Id does not exist');
    if (
      scopeRegion !== region ||
      service !== 's3' ||
      terminator !== 'aws4_request' ||
      !amzDate.startsWith(date ?? '-')
    )
      throw new S3Failure(403, 'SignatureDoesNotMatch', 'Bad credential scope');

    const canonicalQuery = query
      .filter(([k]) => !(auth === 'query' && k === 'X-Amz-Signature'))
      .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
      .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const names = signedHeaders.split(';');
    if (!names.includes('host')) throw new S3Failure(403, 'AccessDenied', 'host must be signed');
    const canonicalHeaders = names
      .map(
        (n) =>
          `${n}:${String(req.headers[n] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonicalRequest = [
      req.method,
      path,
      canonicalQuery,
      canonicalHeaders,
      signedHeaders,
      payloadHash,
    ].join('\n');
    const scope = `${date}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, hex(canonicalRequest)].join('\n');
    const key = hmac(
      hmac(hmac(hmac(`AWS4${secretAccessKey}`, date!), region), 's3'),
      'aws4_request',
    );
    const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new S3Failure(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    return { auth, query: q };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = req.url ?? '/';
    const qi = url.indexOf('?');
    const path = qi < 0 ? url : url.slice(0, qi);
    const rawQuery = qi < 0 ? '' : url.slice(qi + 1);
    const { auth, query } = authenticate(req, path, rawQuery, body);
    const segments = path.split('/').slice(1).map(decodeURIComponent);
    if (segments[0] !== bucket) throw new S3Failure(404, 'NoSuchBucket', 'No such bucket');
    const key = segments.slice(1).join('/');
    requests.push({ method: req.method!, key, range: req.headers.range, auth });

    const checksum = String(
      req.headers['x-amz-checksum-crc32'] ?? query.get('x-amz-checksum-crc32') ?? '',
    );
    if (req.method === 'PUT') {
      if (checksum) {
        const actual = Buffer.alloc(4);
        actual.writeUInt32BE(crc32(body));
        if (actual.toString('base64') !== checksum)
          throw new S3Failure(
            400,
            'BadDigest',
            'The CRC32 you specified did not match the calculated checksum.',
          );
      }
      objects.set(key, { body, contentType: req.headers['content-type'] });
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return res.end();
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    const obj = objects.get(key);
    if (!obj) {
      if (req.method === 'HEAD') {
        res.writeHead(404);
        return res.end();
      }
      throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.');
    }
    const headers: Record<string, string> = {
      etag: `"${createHash('md5').update(obj.body).digest('hex')}"`,
      'last-modified': new Date().toUTCString(),
      'content-type':
        query.get('response-content-type') ?? obj.contentType ?? 'binary/octet-stream',
      'accept-ranges': 'bytes',
    };
    const disposition = query.get('response-content-disposition');
    if (disposition) headers['content-disposition'] = disposition;
    const cache = query.get('response-cache-control');
    if (cache) headers['cache-control'] = cache;
    if (req.method === 'HEAD') {
      res.writeHead(200, { ...headers, 'content-length': String(obj.body.length) });
      return res.end();
    }
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      if (start >= obj.body.length)
        throw new S3Failure(416, 'InvalidRange', 'The requested range is not satisfiable');
      const end = Math.min(range[2] ? Number(range[2]) : obj.body.length - 1, obj.body.length - 1);
      res.writeHead(206, {
        ...headers,
        'content-range': `bytes ${start}-${end}/${obj.body.length}`,
        'content-length': String(end - start + 1),
      });
      return res.end(obj.body.subarray(start, end + 1));
    }
    res.writeHead(200, { ...headers, 'content-length': String(obj.body.length) });
    res.end(obj.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const e = err instanceof S3Failure ? err : new S3Failure(500, 'InternalError', String(err));
      res.writeHead(e.status, { 'content-type': 'application/xml' });
      res.end(
        req.method === 'HEAD'
          ? undefined
          : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${e.code}</Code><Message>${e.message}</Message></Error>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
