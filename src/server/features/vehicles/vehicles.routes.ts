import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, messageResponseSchema } from '@shared/schemas/common';
import {
  vehicleHistorySchema,
  vehicleInputSchema,
  vehicleSchema,
  vehicleUpdateSchema,
} from '@shared/schemas/vehicles';
import { errorResponses } from '../../infra/route-errors';
import { createVehiclesService } from './vehicles.service';

/** A signed-in customer's vehicles (admins reach their own, like every 'customer' route). */
export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createVehiclesService(app);
  const tags = ['vehicles'];

  app.get(
    '/api/vehicles',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Your vehicles',
        operationId: 'listVehicles',
        tags,
        response: { 200: z.array(vehicleSchema), ...errorResponses },
      },
    },
    async (request) => service.list(request.user!),
  );

  app.post(
    '/api/vehicles',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Add a vehicle',
        operationId: 'createVehicle',
        tags,
        description:
          'Adds a vehicle: year (1900 to next year), make, model, optional VIN (check digit verified) and mileage.',
        body: vehicleInputSchema,
        response: { 201: vehicleSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.user!, request.body)),
  );

  app.patch(
    '/api/vehicles/:id',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Update a vehicle',
        operationId: 'updateVehicle',
        tags,
        params: idParamSchema,
        body: vehicleUpdateSchema,
        response: { 200: vehicleSchema, ...errorResponses },
      },
    },
    async (request) => service.update(request.user!, request.params.id, request.body),
  );

  app.delete(
    '/api/vehicles/:id',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Remove a vehicle',
        operationId: 'deleteVehicle',
        tags,
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.remove(request.user!, request.params.id),
  );

  app.get(
    '/api/vehicles/:id/history',
    {
      config: { access: 'customer' },
      schema: {
        summary: "A vehicle's service history",
        operationId: 'getVehicleHistory',
        tags,
        params: idParamSchema,
        response: { 200: vehicleHistorySchema, ...errorResponses },
      },
    },
    async (request) => service.history(request.user!, request.params.id),
  );
};
