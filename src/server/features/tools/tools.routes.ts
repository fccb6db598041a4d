import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dtcParamsSchema,
  dtcSchema,
  dtcSearchQuerySchema,
  dtcSearchSchema,
  maintenanceQuerySchema,
  maintenanceScheduleSchema,
  toolCatalogueSchema,
  vinDecodeSchema,
  vinParamsSchema,
} from '@shared/schemas/tools';
import { errorResponsesFor } from '../../infra/route-errors';
import * as service from './tools.service';

const tags = ['tools'];
const errors = errorResponsesFor(400, 401, 403, 404);

/**
 * The repair tools of the 'Free Software' catalogue, run in the app from bundled tables (no
 * network, no downloads). Every route is public at the access level: which plan a tool needs
 * is the service's rule (401 for a visitor, 403 below the plan), the same one the catalogue
 * shows. The VIN decoder is signed-in: it has no visitor use.
 */
export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tools',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The repair tools catalogue, with what your plan opens',
        operationId: 'listTools',
        tags,
        response: { 200: toolCatalogueSchema },
      },
    },
    async (request) => service.catalogue(app, request.user),
  );

  app.get(
    '/api/tools/dtc',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Search the generic trouble codes by code or words',
        operationId: 'searchTroubleCodes',
        tags,
        querystring: dtcSearchQuerySchema,
        response: { 200: dtcSearchSchema, ...errors },
      },
    },
    async (request) => service.searchDtc(app, request.user, request.query.q),
  );

  app.get(
    '/api/tools/dtc/:code',
    {
      config: { access: 'public' },
      schema: {
        summary: 'What a generic trouble code means, with its likely causes',
        operationId: 'getTroubleCode',
        tags,
        params: dtcParamsSchema,
        response: { 200: dtcSchema, ...errors },
      },
    },
    async (request) => service.lookupDtc(app, request.user, request.params.code),
  );

  app.get(
    '/api/tools/vin/:vin',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Decode a VIN: check digit, model year, manufacturer and country',
        operationId: 'decodeVin',
        tags,
        params: vinParamsSchema,
        response: { 200: vinDecodeSchema, ...errors },
      },
    },
    async (request) => service.vin(app, request.user, request.params.vin),
  );

  app.get(
    '/api/tools/maintenance',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The maintenance services due at a mileage',
        operationId: 'getMaintenanceSchedule',
        tags,
        querystring: maintenanceQuerySchema,
        response: { 200: maintenanceScheduleSchema, ...errors },
      },
    },
    async (request) =>
      service.maintenance(app, request.user, request.query.mileage, request.query.service),
  );
};
