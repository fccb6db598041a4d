import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@shared/schemas/common';
import {
  invoiceRemindersResponseSchema,
  updateInvoiceRemindersSchema,
} from '@shared/schemas/invoice-reminders';
import { errorResponses } from '../../infra/route-errors';
import { setInvoiceReminders } from './invoice-reminders.service';

/**
 * Reminders of unpaid invoices to their customers (sent by the periodic task in
 * plugins/tasks.ts): the technician turns them off or on per invoice here, and for all their
 * invoices in their notification settings.
 */
export const invoiceReminderRoutes: FastifyPluginAsyncZod = async (app) => {
  // Any technician account (a suspended one too): whether its own customers are written to.
  app.patch(
    '/api/invoices/:id/reminders',
    {
      config: { access: 'technician' },
      schema: {
        summary: "Turn an invoice's payment reminders on or off",
        operationId: 'updateInvoiceReminders',
        tags: ['pos'],
        description:
          "An unpaid invoice reminds its customer 3, 7 and 14 days after it was issued (e-mail, and a text when they opted in), unless its technician turned them off here or in their notification settings. 403 for another technician's invoice.",
        params: idParamSchema,
        body: updateInvoiceRemindersSchema,
        response: { 200: invoiceRemindersResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      setInvoiceReminders(app, request.user, request.params.id, request.body.enabled),
  );
};
