import type { FastifyInstance } from 'fastify';
import { parseReference } from '@shared/service-request-rules';
import type { V1PageQuery } from '@shared/schemas/api-v1';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../infra/app-error';
import { invoiceOut, jobOut, paymentOut, quoteOut } from './api-v1.presenters';
import * as q from './api-v1.queries';

const pageOf = ({ page, pageSize }: V1PageQuery) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});
const paged = <T>(query: V1PageQuery, data: T[], total: number) => ({
  data,
  page: query.page,
  pageSize: query.pageSize,
  total,
});

async function withItems(db: DbOrTx, rows: Awaited<ReturnType<typeof q.quotesOf>>['rows']) {
  const items = await q.itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    quoteOut(
      r,
      items.filter((i) => i.quoteId === r.id),
    ),
  );
}

/** Read-only views of a technician's own records, for /api/v1 (the token names the technician). */
export function createApiV1Service(app: FastifyInstance) {
  const db = app.db;
  return {
    async jobs(technicianId: number, query: V1PageQuery) {
      const { rows, total } = await q.jobsOf(db, technicianId, pageOf(query));
      return paged(query, rows.map(jobOut), total);
    },

    async job(technicianId: number, reference: string) {
      const id = parseReference(reference);
      const row = id === null ? undefined : await q.jobOf(db, technicianId, id);
      // Another technician's job is as absent as one that does not exist.
      if (!row) throw new AppError(404, 'Job not found');
      const [quoteRows, invoiceRows] = await Promise.all([
        q.quotesOf(db, technicianId, null, row.id),
        q.invoicesOf(db, technicianId, null, row.id),
      ]);
      const payments = await q.paymentsOf(
        db,
        technicianId,
        null,
        invoiceRows.rows.map((i) => i.id),
      );
      return {
        ...jobOut(row),
        quotes: await withItems(db, quoteRows.rows),
        invoices: invoiceRows.rows.map(invoiceOut),
        payments: payments.rows.map(paymentOut),
      };
    },

    async quotes(technicianId: number, query: V1PageQuery) {
      const { rows, total } = await q.quotesOf(db, technicianId, pageOf(query));
      return paged(query, await withItems(db, rows), total);
    },

    async invoices(technicianId: number, query: V1PageQuery) {
      const { rows, total } = await q.invoicesOf(db, technicianId, pageOf(query));
      return paged(query, rows.map(invoiceOut), total);
    },

    async payments(technicianId: number, query: V1PageQuery) {
      const { rows, total } = await q.paymentsOf(db, technicianId, pageOf(query));
      return paged(query, rows.map(paymentOut), total);
    },
  };
}
