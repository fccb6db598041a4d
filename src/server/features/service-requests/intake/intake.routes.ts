import {
  createServiceRequestSchema,
  serviceRequestResponseSchema,
} from '@shared/schemas/service-requests';
import { errorResponsesFor } from '../../../infra/route-errors';
import { serviceRequestTags as tags, type ServiceRequestApp } from '../service-requests.http';
import { createIntakeService } from './intake.service';

/** A service request is made here, from the Request Service form or the demo page. */
export function registerIntakeRoutes(app: ServiceRequestApp) {
  const service = createIntakeService(app);

  app.post(
    '/api/service-requests',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Request a service',
        operationId: 'createServiceRequest',
        tags,
        description:
          "Creates a service request from the Request Service form (`kind` 'form', the default: serviceType, description, urgency, location, preferredDate, customer contact fields; preferredTechnicianId to send it to one technician first, alone, for the lifetime of one notification) or from the demo page (`kind` 'demo', the default when issueDescription is sent: customerName, phoneNumber, email, vehicleInfo, serviceType, location, issueDescription, urgency), then dispatches it.",
        body: createServiceRequestSchema,
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
}
