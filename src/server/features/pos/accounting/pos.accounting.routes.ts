import { z } from 'zod';
import { accountingExportQuerySchema } from '@shared/schemas/accounting-export';
import { errorResponses } from '../../../infra/route-errors';
import { posTags as tags, type PosApp } from '../pos.http';
import { accountingExport } from './pos.accounting';

/** A month of the technician's money in the layout QuickBooks Online or Xero imports. */
export function registerPosAccountingRoutes(app: PosApp) {
  app.get(
    '/api/pos/accounting-export.csv',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary:
          'Download a month of payments, fees, refunds and lost disputes for QuickBooks or Xero',
        operationId: 'exportAccountingCsv',
        tags,
        description:
          "A bank-statement CSV of one month (America/New_York): each payment received with its tip, and each provider fee, refund and lost dispute as money out. format=quickbooks is QuickBooks Online's 3-column upload (Date, Description, Amount); format=xero is Xero's statement import template (*Date, *Amount, Payee, Description, Reference, Check Number). Dates MM/DD/YYYY, signed amounts.",
        querystring: accountingExportQuerySchema,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await accountingExport(app, request.user, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
