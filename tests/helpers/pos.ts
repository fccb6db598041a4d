import type { FastifyInstance } from 'fastify';
import { createTechnician, signIn, subscribeTechnician } from './factories';

/** A real 1x1 PNG as a data URL: what the signature canvas sends. */
export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export type PosTechnician = { cookie: string; technicianId: number };

/** A signed-in technician on the Professional plan (the point of sale's). */
export async function proTechnician(app: FastifyInstance): Promise<PosTechnician> {
  const { user, technician } = await createTechnician(app);
  await subscribeTechnician(app, technician.id, 'Professional');
  return { cookie: await signIn(app, user.username!), technicianId: technician.id };
}
