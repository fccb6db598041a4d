import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  requestPhotoParamsSchema,
  requestPhotoQuerySchema,
  requestPhotoUploadSchema,
} from '@shared/schemas/request-photos';
import { errorResponsesFor } from '../../../infra/route-errors';
import { serviceRequestTags as tags, type ServiceRequestApp } from '../service-requests.http';
import { createPhotosService } from './photos.service';

/** The photos of the problem: uploaded before the request is sent, then shown with it. */
export async function registerPhotoRoutes(app: ServiceRequestApp) {
  const service = createPhotosService(app);

  // The body is the photo itself (any declared type: the bytes decide), streamed and size-checked.
  const rawUpload: FastifyPluginAsyncZod = async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    // Public: guests submit requests too. The returned token binds the photo to its uploader.
    raw.post(
      '/api/request-photos',
      {
        config: {
          access: 'public',
          documentedBody: {
            description:
              'The photo itself (JPEG, PNG or HEIC; the bytes decide, whatever the declared type).',
            content: {
              'image/jpeg': { schema: { type: 'string', format: 'binary' } },
              'image/png': { schema: { type: 'string', format: 'binary' } },
              'image/heic': { schema: { type: 'string', format: 'binary' } },
              'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
            },
          },
        },
        schema: {
          summary: 'Upload a photo of the problem for a service request',
          operationId: 'uploadRequestPhoto',
          tags,
          description:
            'The body is the photo (JPEG, PNG or HEIC, up to 10 MB and 50 megapixels; 30 per address, and per signed-in user, every 10 minutes). It is turned upright, re-encoded as JPEG without metadata (no EXIF or location), at most 2048 px, with a 320 px thumbnail. POST /api/service-requests names it in `photos` by the returned token (valid 24 hours).',
          response: {
            201: requestPhotoUploadSchema,
            ...errorResponsesFor(400, 413, 415, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const length = Number(request.headers['content-length']);
        const uploaded = await service.upload(
          (request.body as IncomingMessage | undefined) ?? Readable.from([]),
          Number.isFinite(length) ? length : undefined,
          request.user,
          request.ip,
        );
        return reply.status(201).send(uploaded);
      },
    );
  };
  await app.register(rawUpload);

  app.get(
    '/api/service-requests/:reference/photos/:photoId',
    {
      config: { access: 'public' },
      schema: {
        summary: "A photo of a service request's problem",
        operationId: 'getRequestPhoto',
        tags,
        description:
          "The JPEG (`size=thumb`: the thumbnail). Open to the request's customer (signed in, or with the signed link `?t=`), the technician who holds the job and admins; anyone else gets 404.",
        params: requestPhotoParamsSchema,
        querystring: requestPhotoQuerySchema,
        response: { 200: z.any(), ...errorResponsesFor(400, 404) },
      },
    },
    async (request, reply) => {
      const { reference, photoId } = request.params;
      const stream = await service.open(
        reference,
        photoId,
        request.query.size,
        request.user,
        request.query.t,
      );
      return (
        reply
          .type('image/jpeg')
          // Private: access can end (a technician who gives the job back), so no shared caches.
          .header('cache-control', 'private, max-age=300')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(stream)
      );
    },
  );
}
