import {
  referenceParamSchema,
  requestTokenQuerySchema,
} from '@shared/schemas/service-request-views';
import {
  messageBodySchema,
  messageReportedSchema,
  messageSentSchema,
  reportedThreadsSchema,
  reportMessageSchema,
  unreadMessagesSchema,
  requestThreadSchema,
  threadReadSchema,
} from '@shared/schemas/request-messages';
import { errorResponsesFor } from '../../../infra/route-errors';
import { serviceRequestTags as tags, type ServiceRequestApp } from '../service-requests.http';
import { createMessagesService } from './messages.service';
import { reportedThreads, unreadMessages } from './messages.lists';
import { z } from 'zod';
import { dbId, pageNumber } from '@shared/schemas/common';

const WHO =
  "Open to the request's customer (signed in, or holding its signed link `?t=`) and the technician holding the job; admins and others are refused.";

/** The conversation between a request's customer and its technician (ADR 042). */
export function registerMessageRoutes(app: ServiceRequestApp) {
  const service = createMessagesService(app);

  app.get(
    '/api/service-requests/:reference/messages',
    {
      config: { access: 'public' },
      schema: {
        summary: "A service request's messages",
        operationId: 'getServiceRequestMessages',
        tags,
        description: `The thread between the customer and the technician holding the job, oldest first, whether it takes messages now (from acceptance until 30 days after completion) and how many of the other side's are unread. ${WHO}`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema,
        response: { 200: requestThreadSchema, ...errorResponsesFor(400, 403, 404) },
      },
    },
    async (request) => service.thread(request.params.reference, request.user, request.query.t),
  );

  app.post(
    '/api/service-requests/:reference/messages',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Send a message on a service request',
        operationId: 'postServiceRequestMessage',
        tags,
        description: `Adds a message to the thread; the other side sees it live on the open page and is told by e-mail (the customer) or push, else e-mail (the technician), once per burst. 409 while the thread is not open. ${WHO}`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema,
        body: messageBodySchema,
        response: {
          200: messageSentSchema,
          ...errorResponsesFor(400, 403, 404, 409, 429),
        },
      },
    },
    async (request) =>
      service.send(request.params.reference, request.user, request.query.t, request.body.message),
  );

  app.post(
    '/api/service-requests/:reference/messages/read',
    {
      config: { access: 'public' },
      schema: {
        summary: "Mark a service request's messages read",
        operationId: 'readServiceRequestMessages',
        tags,
        description: `Marks the other side's messages in the thread read (they see it). ${WHO}`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema,
        response: { 200: threadReadSchema, ...errorResponsesFor(400, 403, 404) },
      },
    },
    async (request) => service.read(request.params.reference, request.user, request.query.t),
  );

  app.post(
    '/api/service-requests/:reference/messages/:id/report',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        summary: 'Report a message on a service request',
        operationId: 'reportServiceRequestMessage',
        tags,
        description: `Reports one of the other side's messages with a reason: admins then see the thread (they see no other). 400 for one's own message, 404 for a message not in the thread. ${WHO}`,
        params: referenceParamSchema.extend({ id: dbId('Must be a message id') }),
        querystring: requestTokenQuerySchema,
        body: reportMessageSchema,
        response: { 200: messageReportedSchema, ...errorResponsesFor(400, 403, 404, 429) },
      },
    },
    async (request) =>
      service.report(
        request.params.reference,
        request.user,
        request.query.t,
        request.params.id,
        request.body.reason,
      ),
  );

  app.get(
    '/api/admin/reported-threads',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Message threads with a reported message',
        operationId: 'listReportedThreads',
        tags,
        description:
          'The threads a participant reported a message in, whole, newest report first, 20 a page. Threads nobody reported are not shown; each look is in the audit log.',
        querystring: z.object({ page: pageNumber() }),
        response: { 200: reportedThreadsSchema, ...errorResponsesFor(400, 401, 403) },
      },
    },
    async (request) => reportedThreads(app, request.user!, request.query.page),
  );

  app.get(
    '/api/messages/unread',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Your unread messages',
        operationId: 'getUnreadMessages',
        tags,
        description:
          "How many messages wait unread for the signed-in customer (from their requests' technicians) or technician (from the customers of the jobs they hold), in all and per request.",
        response: { 200: unreadMessagesSchema, ...errorResponsesFor(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return unreadMessages(app, request.user!);
    },
  );
}
