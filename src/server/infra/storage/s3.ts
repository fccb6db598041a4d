import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { LIMITS } from '@shared/constants/domain';
import type { S3Config } from '../../config';
import { STORAGE_KEY_PATTERN } from './keys';
import { ObjectMissing, type Storage } from './types';

const status = (err: unknown) =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;

/**
 * An S3-compatible bucket: the browser PUTs straight to a presigned URL, and reads go through
 * presigned GETs. Nothing on S3 limits a presigned PUT's size or type, so the document service
 * checks both (HeadObject, then a ranged GetObject) before it accepts the upload.
 */
export function createS3Storage(config: S3Config, now: () => Date): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Otherwise the SDK signs a checksum of an empty body into the presigned PUT, and the
    // browser's upload of the real file is refused.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  const presign = (command: PutObjectCommand | GetObjectCommand, ttlSeconds: number) => {
    const signingDate = now();
    return getSignedUrl(client, command, { expiresIn: ttlSeconds, signingDate }).then((url) => ({
      url,
      expiresAt: new Date(signingDate.getTime() + ttlSeconds * 1000),
    }));
  };

  return {
    kind: 's3',

    async createUploadTarget(doc) {
      const { url, expiresAt } = await presign(
        new PutObjectCommand({ Bucket, Key: doc.storageKey }),
        LIMITS.uploadUrlTtlSeconds,
      );
      return { uploadURL: url, expiresAt };
    },

    resolveUploadUrl(url) {
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(url).pathname);
      } catch {
        return null;
      }
      // Path style (/bucket/documents/<uuid>) or virtual-hosted style (/documents/<uuid>).
      const key = /(documents\/[^/]+)$/.exec(pathname)?.[1];
      return key && STORAGE_KEY_PATTERN.test(key) ? { storageKey: key } : null;
    },

    async head(key) {
      try {
        const r = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: r.ContentLength ?? 0 };
      } catch (err) {
        if (status(err) === 404) return null;
        throw err;
      }
    },

    async readPrefix(key, n) {
      try {
        const r = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${n - 1}` }),
        );
        const bytes = Buffer.from((await r.Body?.transformToByteArray()) ?? []);
        return bytes.subarray(0, n);
      } catch (err) {
        // An empty object has no byte 0 to range over.
        if (status(err) === 416) return Buffer.alloc(0);
        throw err;
      }
    },

    async read(key) {
      let r;
      try {
        r = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (status(err) === 404) throw new ObjectMissing(key);
        throw err;
      }
      if (!(r.Body instanceof Readable)) throw new Error('S3 returned no readable body');
      return r.Body;
    },

    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },

    signedReadUrl(doc, ttlSeconds) {
      return presign(
        new GetObjectCommand({
          Bucket,
          Key: doc.storageKey,
          ResponseContentType: doc.contentType ?? undefined,
          ResponseContentDisposition: 'inline',
          ResponseCacheControl: 'private, no-store',
        }),
        ttlSeconds,
      );
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    close() {
      client.destroy();
    },
  };
}
