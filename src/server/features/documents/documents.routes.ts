import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCEPTED_UPLOAD_TYPES } from '@shared/constants/uploads';
import { dbId } from '@shared/schemas/common';
import {
  createUploadSchema,
  documentLinkSchema,
  uploadDoneSchema,
  uploadTargetSchema,
} from '@shared/schemas/documents';
import { errorResponses, errorResponsesFor } from '../../infra/route-errors';
import { createDocumentsService } from './documents.service';

const tokenParams = z.object({ token: z.string().max(200) });

/** 'inline' plus an ASCII-safe file name, so a saved copy keeps a sensible name. */
function inlineDisposition(name: string | null): string {
  const safe = name?.replace(/[^\w.() -]+/g, '_').slice(0, 100);
  return safe ? `inline; filename="${safe}"` : 'inline';
}

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDocumentsService(app);

  // Public: the technician application form has no account. Limited per IP.
  app.post(
    '/api/documents/upload',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        summary: 'Start a document upload',
        operationId: 'createDocumentUpload',
        tags: ['documents'],
        body: createUploadSchema,
        response: { 201: uploadTargetSchema, ...errorResponses, ...errorResponsesFor(429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createUpload(request.body, request.user)),
  );

  // The direct PUT of the file's bytes (local storage). The signed token is the credential.
  const rawUpload: FastifyPluginAsyncZod = async (raw) => {
    // Any content type: the body is the file itself, streamed and checked as it arrives.
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    raw.put(
      '/api/documents/upload/:token',
      {
        config: {
          access: 'public',
          documentedBody: {
            description:
              "The file's bytes (the type declared when the upload was started; the bytes decide).",
            content: Object.fromEntries(
              ACCEPTED_UPLOAD_TYPES.map((type) => [
                type,
                { schema: { type: 'string', format: 'binary' } },
              ]),
            ),
          },
        },
        schema: {
          summary: "Upload a document's file",
          operationId: 'uploadDocumentFile',
          tags: ['documents'],
          params: tokenParams,
          response: {
            200: uploadDoneSchema,
            ...errorResponses,
            ...errorResponsesFor(413, 415),
          },
        },
      },
      async (request) => {
        const length = Number(request.headers['content-length']);
        return service.receiveUpload(
          request.params.token,
          (request.body as IncomingMessage | undefined) ?? Readable.from([]),
          Number.isFinite(length) ? length : undefined,
        );
      },
    );
  };
  await app.register(rawUpload);

  app.get(
    '/api/documents/:id/link',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'A short-lived link to a document',
        operationId: 'getDocumentLink',
        tags: ['documents'],
        params: z.object({ id: dbId() }),
        response: { 200: documentLinkSchema, ...errorResponses },
      },
    },
    async (request) => service.link(request.user!, request.params.id),
  );

  app.get(
    '/api/documents/file/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Download a document through its link',
        operationId: 'downloadDocument',
        tags: ['documents'],
        params: tokenParams,
        // The file itself, streamed with its detected content type.
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { doc, stream } = await service.open(request.params.token);
      return (
        reply
          .type(doc.contentType ?? 'application/octet-stream')
          .header('content-disposition', inlineDisposition(doc.originalName))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          // Only a PDF or an image is ever served here: no scripts, and our own pages may frame it
          // (the app-wide policy forbids framing; a PDF viewer needs the object source).
          .header(
            'content-security-policy',
            "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
          )
          .header('x-frame-options', 'SAMEORIGIN')
          .send(stream)
      );
    },
  );
};
