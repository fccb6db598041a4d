import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@shared/schemas/common';
import {
  outboxMessageSchema,
  outboxPageSchema,
  outboxQuerySchema,
  type OutboxMessage,
} from '@shared/schemas/notifications';
import type { OutboxRow } from '../../infra/outbox';
import { errorResponses } from '../../infra/route-errors';
import { createOutboxService } from './outbox.service';

const tags = ['admin'];
const PAGE_SIZE = 25;

const messageOut = (m: OutboxRow): OutboxMessage => ({
  id: m.id,
  channel: m.channel,
  to: m.toAddress,
  subject: m.subject,
  template: m.template,
  status: m.status,
  attempts: m.attempts,
  lastError: m.lastError,
  availableAt: m.availableAt.toISOString(),
  sentAt: m.sentAt?.toISOString() ?? null,
  createdAt: m.createdAt.toISOString(),
});

/** Admins watch what the outbox sent and put failed messages back in the queue (ADR 012). */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = createOutboxService(app);
  app.get(
    '/api/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Outgoing messages and their delivery (admin)',
        operationId: 'adminListOutbox',
        tags,
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { status, channel, page } = request.query;
      const { rows, total, counts } = await outbox.page({
        status,
        channel,
        offset: (page - 1) * PAGE_SIZE,
        limit: PAGE_SIZE,
      });
      return {
        items: rows.map(messageOut),
        total,
        page,
        pageSize: PAGE_SIZE,
        counts: Object.fromEntries(counts.map((c) => [c.status, c.n])),
      };
    },
  );

  app.post(
    '/api/admin/outbox/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Send a failed message again (admin)',
        operationId: 'adminRetryOutboxMessage',
        tags,
        params: idParamSchema,
        response: { 200: outboxMessageSchema, ...errorResponses },
      },
    },
    async (request) => messageOut(await app.outbox.retry(request.params.id)),
  );
};
