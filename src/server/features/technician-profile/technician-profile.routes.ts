import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId } from '@shared/schemas/common';
import { ownProfileSchema, updateProfileSchema } from '@shared/schemas/profile';
import { AppError } from '../../infra/app-error';
import type { SessionUser } from '../../infra/session';
import { errorResponsesFor } from '../../infra/route-errors';
import { createTechnicianProfileService } from './technician-profile.service';

const ownTechnicianId = (user: SessionUser | null) => {
  if (user?.technicianId == null)
    throw new AppError(403, 'Only technicians have a technician profile');
  return user.technicianId;
};

export const technicianProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTechnicianProfileService(app);
  const errors = errorResponsesFor(400, 401, 403);

  // Pending technicians may read their own profile (it tells them they await approval).
  app.get(
    '/api/technicians/me',
    {
      config: { access: 'technician' },
      schema: {
        summary: 'Your technician profile',
        operationId: 'getOwnProfile',
        tags: ['technician-profile'],
        response: { 200: ownProfileSchema, ...errors },
      },
    },
    async (request) => service.get(ownTechnicianId(request.user)),
  );

  app.patch(
    '/api/technicians/me',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Update your technician profile',
        operationId: 'updateOwnProfile',
        tags: ['technician-profile'],
        body: updateProfileSchema,
        response: { 200: ownProfileSchema, ...errors },
      },
    },
    async (request) => service.update(ownTechnicianId(request.user), request.body),
  );

  // Public, like the profile that shows it; only the technician's current photo is served.
  app.get(
    '/api/technicians/:id/photo/:documentId',
    {
      config: { access: 'public' },
      schema: {
        summary: "A technician's current photo",
        operationId: 'getTechnicianPhoto',
        tags: ['technician-profile'],
        params: z.object({
          id: dbId(),
          documentId: dbId(),
        }),
        response: { 200: z.any(), ...errorResponsesFor(404) },
      },
    },
    async (request, reply) => {
      const { contentType, stream } = await service.openPhoto(
        request.params.id,
        request.params.documentId,
      );
      return reply
        .type(contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
};
