import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionUser } from '../../infra/session';

/** The app as a service request's route modules see it (zod type provider). */
export type ServiceRequestApp = Parameters<FastifyPluginAsyncZod>[0];

/** Every route of a service request is one group of the OpenAPI document. */
export const serviceRequestTags = ['service-requests'];

/** Who may call the routes of one request that take its signed link. */
export const VIEWER_NOTE =
  'Open to the customer who owns the request (signed in), its assigned technician, admins, and anyone holding the signed link from the e-mails (`?t=`).';

/** Who asks about a request: its reference, their session, the signed link they hold. */
export type RequestAsker = {
  reference: string;
  user: SessionUser | null;
  token: string | undefined;
};

export const askerOf = (
  request: FastifyRequest & { params: { reference: string }; query: { t?: string } },
): RequestAsker => ({
  reference: request.params.reference,
  user: request.user,
  token: request.query.t,
});
