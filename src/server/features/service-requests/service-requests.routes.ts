import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceRequestResponseSchema } from '@shared/schemas/service-requests';
import { errorResponsesFor } from '../../infra/route-errors';
import { createServiceRequestService } from './service-requests.service';

export const serviceRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createServiceRequestService(app);

  app.post(
    '/api/service-requests',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Request a service',
        operationId: 'createServiceRequest',
        tags: ['service-requests'],
        description:
          'Creates a service request from the Request Service form (serviceType, description, urgency, location, preferredDate, customer contact fields; preferredTechnicianId to send it to one technician first, alone, for the lifetime of one notification) or from the demo page (customerName, phoneNumber, email, vehicleInfo, serviceType, location, issueDescription, urgency), then dispatches it.',
        response: {
          201: serviceRequestResponseSchema,
          ...errorResponsesFor(400, 429),
        },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.body, request.user, request.ip);
      return reply.status(201).send(created);
    },
  );
};
