import type { FastifyInstance } from 'fastify';
import { centsToDecimal } from '@shared/money';
import { formatReference } from '@shared/service-request-rules';
import type {
  TechnicianCustomer,
  TechnicianCustomerDetail,
  TechnicianCustomers,
} from '@shared/schemas/technician-customers';
import { BRAND } from '@shared/brand';
import { specialtyToServiceType, type ServiceType } from '@shared/constants/service-types';
import { requestServiceFromPath } from '@shared/paths';
import { NO_CUSTOMER_EMAIL, NOT_YOUR_SERVICE } from '@shared/schemas/technician-customers';
import { AppError } from '../../infra/app-error';
import { composeMail } from '../../infra/mailer';
import { publicBaseUrl } from '../../infra/public-url';
import * as q from './technician-customers.queries';

export const NOT_YOUR_CUSTOMER = 'Customer not found';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Distinct, in the order given (newest job first). */
const vehiclesOf = (v: string[] | string): string[] => {
  const list = Array.isArray(v) ? v : [];
  return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
};

const customerOut = (r: q.CustomerRow): TechnicianCustomer => ({
  id: r.customer_id,
  name: r.name || 'Customer',
  email: r.email,
  phone: r.phone,
  vehicles: vehiclesOf(r.vehicles),
  jobs: Number(r.jobs),
  lastJobAt: iso(r.last_job_at),
  lastReference: formatReference(Number(r.last_id)),
  invoices: Number(r.invoices),
  balance: centsToDecimal(Number(r.balance_cents)),
  notes: r.notes,
});

/**
 * A technician's customers, from the jobs they held (the privacy rule: only those, and only the
 * contact those jobs gave them; another technician's customers are a 404 like an unknown id).
 */
export function createTechnicianCustomersService(app: FastifyInstance) {
  async function detail(technicianId: number, customerId: number) {
    const row = await q.customerOf(app.db, technicianId, customerId);
    if (!row) throw new AppError(404, NOT_YOUR_CUSTOMER);
    const jobs = new Map<number, TechnicianCustomerDetail['history'][number]>();
    for (const h of await q.historyOf(app.db, technicianId, customerId)) {
      const job = jobs.get(h.id) ?? {
        reference: formatReference(h.id),
        serviceType: h.service_type,
        status: h.status,
        vehicle: h.vehicle_info,
        createdAt: iso(h.created_at),
        completedAt: h.completed_at ? iso(h.completed_at) : null,
        invoices: [],
      };
      if (h.invoice_number)
        job.invoices.push({
          invoiceNumber: h.invoice_number,
          total: centsToDecimal(Number(h.total_amount_cents)),
          balance: centsToDecimal(
            Math.max(0, Number(h.total_amount_cents) - Number(h.paid_amount_cents)),
          ),
          status: h.invoice_status!,
        });
      jobs.set(h.id, job);
    }
    return { ...customerOut(row), history: [...jobs.values()] };
  }

  return {
    async list(
      technicianId: number,
      query: { page: number; pageSize: number; q?: string },
    ): Promise<TechnicianCustomers> {
      const { items, total } = await q.customerPage(
        app.db,
        technicianId,
        query.q || undefined,
        query.page,
        query.pageSize,
      );
      return { data: items.map(customerOut), page: query.page, pageSize: query.pageSize, total };
    },

    detail,

    /**
     * 'Book again': e-mails the customer a link to the Request Service form for `serviceType`,
     * at their last job's place, sent to this technician first (as from their profile). Once a
     * day per customer and service: the same day's second ask sends nothing more.
     */
    async bookAgain(technicianId: number, customerId: number, serviceType: ServiceType) {
      const row = await q.customerOf(app.db, technicianId, customerId);
      if (!row) throw new AppError(404, NOT_YOUR_CUSTOMER);
      if (!row.email) throw new AppError(409, NO_CUSTOMER_EMAIL);
      const tech = (await q.technicianOf(app.db, technicianId))!;
      const offered = tech.specialties.map(specialtyToServiceType);
      if (!offered.includes(serviceType)) throw new AppError(400, NOT_YOUR_SERVICE(serviceType));
      const place = await q.lastPlaceOf(app.db, technicianId, customerId);
      const link = new URL(requestServiceFromPath(technicianId), publicBaseUrl(app.config));
      link.searchParams.set('serviceType', serviceType);
      if (place) link.searchParams.set('location', place);
      const name = `${tech.firstName} ${tech.lastName}`.trim();
      const day = app.clock().toISOString().slice(0, 10);
      await app.outbox.enqueue(app.db, {
        to: row.email,
        template: 'book_again',
        key: `book_again:${technicianId}:${customerId}:${serviceType}:${day}`,
        subject: `${name} can help with your ${serviceType} again`,
        ...composeMail([
          `Hi ${row.name},`,
          `${name}, who worked on your vehicle before, invites you to book ${serviceType} with them again on ${BRAND.name}.`,
          `Request it here; it goes to ${tech.firstName} first:\n${link.toString()}`,
        ]),
      });
      return { sentTo: row.email };
    },

    async saveNotes(technicianId: number, customerId: number, notes: string) {
      if (!(await q.customerOf(app.db, technicianId, customerId)))
        throw new AppError(404, NOT_YOUR_CUSTOMER);
      await q.saveNotes(app.db, technicianId, customerId, notes);
      return detail(technicianId, customerId);
    },
  };
}
