import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, messageResponseSchema } from '@shared/schemas/common';
import {
  priceBookImportResultSchema,
  priceBookImportSchema,
  priceBookItemInputSchema,
  priceBookItemPatchSchema,
  priceBookItemSchema,
  priceBookQuerySchema,
} from '@shared/schemas/price-book';
import { AppError } from '../../infra/app-error';
import { errorResponses, errorResponsesFor } from '../../infra/route-errors';
import type { SessionUser } from '../../infra/session';
import { createPriceBookService } from './price-book.service';

const ownTechnicianId = (user: SessionUser | null) => {
  if (user?.technicianId == null) throw new AppError(403, 'Only technicians have a price book');
  return user.technicianId;
};

/** The technician's price book: the services and parts they quote, with search and CSV. */
export const priceBookRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPriceBookService(app);
  const tags = ['price-book'];
  const access = { access: 'approved-technician' as const };

  app.get(
    '/api/price-book',
    {
      config: access,
      schema: {
        summary: 'Your price book, by name; q searches names, descriptions and part numbers',
        operationId: 'listPriceBook',
        tags,
        querystring: priceBookQuerySchema,
        response: { 200: z.array(priceBookItemSchema), ...errorResponsesFor(400, 401, 403) },
      },
    },
    async (request) => service.list(ownTechnicianId(request.user), request.query.q || undefined),
  );

  app.post(
    '/api/price-book',
    {
      config: access,
      schema: {
        summary: 'Add a service or part to your price book',
        operationId: 'createPriceBookItem',
        tags,
        body: priceBookItemInputSchema,
        response: { 201: priceBookItemSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(ownTechnicianId(request.user), request.body)),
  );

  app.patch(
    '/api/price-book/:id',
    {
      config: access,
      schema: {
        summary: 'Change an item of your price book (quotes already made keep their prices)',
        operationId: 'updatePriceBookItem',
        tags,
        params: idParamSchema,
        body: priceBookItemPatchSchema,
        response: { 200: priceBookItemSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.update(ownTechnicianId(request.user), request.params.id, request.body),
  );

  app.delete(
    '/api/price-book/:id',
    {
      config: access,
      schema: {
        summary: 'Remove an item from your price book',
        operationId: 'deletePriceBookItem',
        tags,
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.remove(ownTechnicianId(request.user), request.params.id),
  );

  app.get(
    '/api/price-book.csv',
    {
      config: access,
      schema: {
        summary: 'Download your price book as CSV (the columns the import reads)',
        operationId: 'exportPriceBookCsv',
        tags,
        response: { 200: z.string(), ...errorResponsesFor(401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="wrenchly-price-book.csv"')
        .header('cache-control', 'private, no-store')
        .send(await service.csv(ownTechnicianId(request.user))),
  );

  app.post(
    '/api/price-book/import',
    {
      config: access,
      schema: {
        summary:
          'Import a CSV into your price book (all lines checked first; same name and kind: updated)',
        operationId: 'importPriceBookCsv',
        tags,
        body: priceBookImportSchema,
        response: { 200: priceBookImportResultSchema, ...errorResponses },
      },
    },
    async (request) => service.importCsv(ownTechnicianId(request.user), request.body.csv),
  );
};
