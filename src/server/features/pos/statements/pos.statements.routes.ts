import { z } from 'zod';
import { statementQuerySchema, statementSchema } from '@shared/schemas/statements';
import { errorResponses } from '../../../infra/route-errors';
import { posTags as tags, type PosApp } from '../pos.http';
import { statement, statementCsv } from './pos.statements';

/** The technician's payment statements: month by month, as JSON or as a CSV download. */
export function registerPosStatementRoutes(app: PosApp) {
  app.get(
    '/api/pos/statements',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Your payments statement, month by month',
        operationId: 'getPosStatement',
        tags,
        querystring: statementQuerySchema,
        response: { 200: statementSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return statement(app, request.user, request.query);
    },
  );

  app.get(
    '/api/pos/statements.csv',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Download your payments statement as CSV',
        operationId: 'exportPosStatementCsv',
        tags,
        querystring: statementQuerySchema,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await statementCsv(app, request.user, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
