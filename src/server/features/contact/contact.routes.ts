import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageSchema, contactTechnicianSchema } from '@shared/schemas/contact';
import { errorResponsesFor } from '../../infra/route-errors';
import { createContactService } from './contact.service';

const created = z.object({ id: z.number().int(), message: z.string() });

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createContactService(app);
  // Public forms that send e-mail: limited per IP so they cannot be used to spam.
  const rateLimit = { max: 20, timeWindow: '10 minutes' };

  app.post(
    '/api/contact-technician',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Send a message to a technician',
        operationId: 'contactTechnician',
        tags: ['contact'],
        body: contactTechnicianSchema,
        response: { 201: created, ...errorResponsesFor(400, 404) },
      },
    },
    async (request, reply) => {
      const { id } = await service.contactTechnician(request.body, request.user);
      return reply.status(201).send({ id, message: 'Contact request sent' });
    },
  );

  app.post(
    '/api/contact',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Send a message to Wrenchly',
        operationId: 'contactUs',
        tags: ['contact'],
        body: contactMessageSchema,
        response: { 201: created, ...errorResponsesFor(400) },
      },
    },
    async (request, reply) => {
      const { id } = await service.contactUs(request.body, request.user);
      return reply.status(201).send({ id, message: 'Message sent' });
    },
  );
};
