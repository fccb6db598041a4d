import { z } from 'zod';
import { idParamSchema } from '@shared/schemas/common';
import { errorResponses } from '../../../infra/route-errors';
import { posTags as tags, type PosApp } from '../pos.http';
import { documentPdf, type DocumentKind } from './pos.documents';

/** `?t=`: the request's signed link, or a quote's approval link, for a guest. */
const tokenQuery = z.object({ t: z.string().max(200).optional() });
/** The PDF's bytes (OpenAPI: a binary string, produced as application/pdf). */
const pdfBody = z.any().meta({ type: 'string', format: 'binary' });

const ROUTES: { kind: DocumentKind; url: string; summary: string; operationId: string }[] = [
  {
    kind: 'quote',
    url: '/api/quotes/:id/pdf',
    summary: 'A quote as a PDF',
    operationId: 'getQuotePdf',
  },
  {
    kind: 'invoice',
    url: '/api/invoices/:id/pdf',
    summary: 'An invoice as a PDF',
    operationId: 'getInvoicePdf',
  },
  {
    kind: 'receipt',
    url: '/api/pos/receipts/:id/pdf',
    summary: "A point-of-sale payment's receipt as a PDF",
    operationId: 'getPosReceiptPdf',
  },
];

/**
 * The point of sale's documents as PDFs. Public routes that check the viewer themselves: the
 * technician it belongs to, admins, the job's customer (signed in, or holding the request's
 * signed link) and, for a quote, the holder of its approval link. Anyone else gets the 404 of
 * an unknown id.
 */
export function registerPosDocumentRoutes(app: PosApp) {
  for (const route of ROUTES) {
    app.get(
      route.url,
      {
        config: { access: 'public' },
        schema: {
          summary: route.summary,
          operationId: route.operationId,
          tags,
          params: idParamSchema,
          querystring: tokenQuery,
          produces: ['application/pdf'],
          response: { 200: pdfBody, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { filename, bytes } = await documentPdf(app, route.kind, request.params.id, {
          user: request.user,
          token: request.query.t,
        });
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(bytes));
      },
    );
  }
}
