import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { LOCATIONS } from '../../src/shared/constants/locations';
import { createTechnician, signIn } from './factories';

/** Bowie, MD: where the service request tests' customers and technicians are. */
export const bowie = LOCATIONS.find((l) => l.name === 'Bowie, MD')!;

/** A point `miles` north of Bowie (dispatch asks the nearest first). */
export const northOfBowie = (miles: number) => ({
  latitude: bowie.latitude + miles / 69.05,
  longitude: bowie.longitude,
});

export type BowieTechnician = { id: number; cookie: string; email: string };

/** A technician based in Bowie on the Professional plan (leads and the point of sale), signed in. */
export async function bowieTechnician(
  app: FastifyInstance,
  opts: Parameters<typeof createTechnician>[1] = {},
): Promise<BowieTechnician> {
  const { user, technician } = await createTechnician(app, {
    location: bowie,
    plan: 'Professional',
    ...opts,
  });
  return { id: technician.id, cookie: await signIn(app, user.username!), email: user.email };
}

/**
 * Pat Doe's request in Bowie (a guest's, or the signed-in customer's with `cookie`); 201
 * asserted. `token`: the signed link's, from the page path it answers with.
 */
export async function submitBowieRequest(
  app: FastifyInstance,
  serviceType: string,
  email: string,
  cookie?: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/service-requests',
    headers: cookie ? { cookie } : {},
    payload: {
      serviceType,
      description: 'It makes a noise when braking, front left.',
      urgency: 'high',
      location: 'Bowie, MD',
      customerName: 'Pat Doe',
      vehicleInfo: '2019 Ford Focus',
      customerEmail: email,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { id: number; reference: string; requestPath: string; status: string };
  return { ...body, token: new URL(body.requestPath, 'http://x').searchParams.get('t') ?? '' };
}
