import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { formatPhone } from '@shared/phone';
import type { contactMessageSchema, contactTechnicianSchema } from '@shared/schemas/contact';
import { AppError } from '../../infra/app-error';
import { technicianPlan } from '../../domain/entitlements';
import { composeMail } from '../../infra/mailer';
import type { SessionUser } from '../../infra/session';
import type { z } from 'zod';
import * as q from './contact.queries';

export function createContactService(app: FastifyInstance) {
  return {
    /** Stores a customer's message to a technician and forwards it by e-mail. */
    async contactTechnician(
      input: z.output<typeof contactTechnicianSchema>,
      user: SessionUser | null,
    ) {
      const tech = await q.findApprovedTechnician(app.db, input.technicianId);
      if (!tech) throw new AppError(404, 'Technician not found');
      return app.db.transaction(async (tx) => {
        const row = await q.insertContactRequest(tx, {
          technicianId: tech.id,
          customerId: user?.role === 'customer' ? user.id : null,
          customerName: input.customerName,
          customerEmail: input.customerEmail,
          serviceType: input.serviceType ?? null,
          message: input.message,
        });
        await app.outbox.enqueue(tx, {
          to: tech.email,
          template: 'contact_request',
          key: `contact_request:${row!.id}`,
          subject: `New contact request from ${input.customerName}`,
          ...composeMail([
            `Hi ${tech.firstName},`,
            `${input.customerName} (${input.customerEmail}) contacted you through ${BRAND.name}.`,
            input.serviceType
              ? `Service type: ${input.serviceType}`
              : 'Service type: not specified',
            `Message:\n${input.message}`,
            `Reply to the customer directly at ${input.customerEmail}.`,
          ]),
        });
        return { id: row!.id };
      });
    },

    /**
     * Stores a Contact Us message and sends a copy to support. A technician whose plan includes
     * priority support (Premium, Professional) is answered first: flagged, listed first for
     * admins, and '[Priority]' in support's inbox.
     */
    async contactUs(input: z.output<typeof contactMessageSchema>, user: SessionUser | null) {
      const plan =
        user?.technicianId != null
          ? await technicianPlan(app.db, user.technicianId, app.clock())
          : null;
      const priority = plan?.support === 'priority';
      return app.db.transaction(async (tx) => {
        const row = await q.insertContactMessage(tx, {
          ...input,
          phone: input.phone ?? null,
          priority,
          senderUserId: user?.id ?? null,
        });
        await app.outbox.enqueue(tx, {
          to: app.config.supportInbox,
          template: 'contact_message',
          key: `contact_message:${row!.id}`,
          subject: `${priority ? '[Priority] ' : ''}[Contact] ${input.subject}`,
          ...composeMail([
            ...(priority
              ? [`Priority support: ${plan!.tier} plan technician (account ${user!.email}).`]
              : []),
            `From: ${input.name} <${input.email}>${input.phone ? `, ${formatPhone(input.phone)}` : ''}`,
            `Subject: ${input.subject}`,
            input.message,
          ]),
        });
        return { id: row!.id };
      });
    },
  };
}
