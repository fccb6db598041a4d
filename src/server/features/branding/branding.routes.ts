import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownBrandingSchema, updateBrandingSchema } from '@shared/schemas/branding';
import { dbId } from '@shared/schemas/common';
import { AppError } from '../../infra/app-error';
import { errorResponses, errorResponsesFor } from '../../infra/route-errors';
import type { SessionUser } from '../../infra/session';
import { createBrandingService } from './branding.service';

const ownTechnicianId = (user: SessionUser | null) => {
  if (user?.technicianId == null) throw new AppError(403, 'Only technicians have branding');
  return user.technicianId;
};

export const brandingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBrandingService(app);

  app.get(
    '/api/technicians/me/branding',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Your branding (logo and business details)',
        operationId: 'getBranding',
        tags: ['branding'],
        response: { 200: ownBrandingSchema, ...errorResponsesFor(401, 403) },
      },
    },
    async (request) => service.get(ownTechnicianId(request.user)),
  );

  app.put(
    '/api/technicians/me/branding',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Update your branding',
        operationId: 'updateBranding',
        tags: ['branding'],
        body: updateBrandingSchema,
        response: { 200: ownBrandingSchema, ...errorResponses, ...errorResponsesFor(413, 415) },
      },
    },
    async (request) => service.update(ownTechnicianId(request.user), request.body),
  );

  // Public, like the quotes and e-mails that show it; only the current logo, while branded.
  app.get(
    '/api/technicians/:id/logo/:documentId',
    {
      config: { access: 'public' },
      schema: {
        summary: "A technician's current logo",
        operationId: 'getTechnicianLogo',
        tags: ['branding'],
        params: z.object({ id: dbId(), documentId: dbId() }),
        response: { 200: z.any(), ...errorResponsesFor(400, 404) },
      },
    },
    async (request, reply) => {
      const { contentType, stream } = await service.openLogo(
        request.params.id,
        request.params.documentId,
      );
      return (
        reply
          .type(contentType)
          // Short: a lapsed plan stops the logo within the hour, even in caches.
          .header('cache-control', 'public, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          // E-mails show it from other origins (webmail).
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(stream)
      );
    },
  );
};
