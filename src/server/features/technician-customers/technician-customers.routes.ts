import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@shared/schemas/common';
import {
  bookAgainResultSchema,
  bookAgainSchema,
  technicianCustomerDetailSchema,
  technicianCustomerNotesSchema,
  technicianCustomersQuerySchema,
  technicianCustomersSchema,
} from '@shared/schemas/technician-customers';
import { AppError } from '../../infra/app-error';
import { errorResponsesFor } from '../../infra/route-errors';
import type { SessionUser } from '../../infra/session';
import { createTechnicianCustomersService } from './technician-customers.service';

const ownTechnicianId = (user: SessionUser | null) => {
  if (user?.technicianId == null) throw new AppError(403, 'Only technicians have customers');
  return user.technicianId;
};

const WHO =
  'The signed-in technician’s own customers only: the people whose jobs they hold or held (a job given back is not theirs), with the contact those jobs gave them.';

/** A technician's customers, built from their jobs: list, a page per customer, private notes. */
export const technicianCustomersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTechnicianCustomersService(app);
  const tags = ['technician-customers'];
  const config = { access: 'approved-technician' as const };

  app.get(
    '/api/technician-customers',
    {
      config,
      schema: {
        summary: 'Your customers, most recent job first',
        operationId: 'listTechnicianCustomers',
        tags,
        description: `${WHO} \`q\` searches names, e-mail addresses, phone numbers and vehicles. Paged: \`data\`, \`page\`, \`pageSize\`, \`total\`.`,
        querystring: technicianCustomersQuerySchema,
        response: { 200: technicianCustomersSchema, ...errorResponsesFor(400, 401, 403) },
      },
    },
    async (request) => service.list(ownTechnicianId(request.user), request.query),
  );

  app.get(
    '/api/technician-customers/:id',
    {
      config,
      schema: {
        summary: 'One of your customers and their jobs with you',
        operationId: 'getTechnicianCustomer',
        tags,
        description: `${WHO} 404 for anyone else.`,
        params: idParamSchema,
        response: { 200: technicianCustomerDetailSchema, ...errorResponsesFor(400, 401, 403, 404) },
      },
    },
    async (request) => service.detail(ownTechnicianId(request.user), request.params.id),
  );

  app.post(
    '/api/technician-customers/:id/book-again',
    {
      config: { ...config, rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        summary: 'Invite a customer to book a service with you again',
        operationId: 'bookTechnicianCustomerAgain',
        tags,
        description: `${WHO} E-mails the customer a link to the Request Service form for \`serviceType\` (one of your specialties), at their last job's place, sent to you first. Once a day per customer and service. 409 when their jobs gave no e-mail address.`,
        params: idParamSchema,
        body: bookAgainSchema,
        response: {
          200: bookAgainResultSchema,
          ...errorResponsesFor(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) =>
      service.bookAgain(ownTechnicianId(request.user), request.params.id, request.body.serviceType),
  );

  app.patch(
    '/api/technician-customers/:id',
    {
      config,
      schema: {
        summary: 'Your private notes on a customer',
        operationId: 'updateTechnicianCustomerNotes',
        tags,
        description: `${WHO} The notes are the technician's alone; '' removes them.`,
        params: idParamSchema,
        body: technicianCustomerNotesSchema,
        response: { 200: technicianCustomerDetailSchema, ...errorResponsesFor(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.saveNotes(ownTechnicianId(request.user), request.params.id, request.body.notes),
  );
};
