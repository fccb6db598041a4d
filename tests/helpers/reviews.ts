import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { ServiceRequestStatus } from '../../src/shared/constants/domain';
import { formatReference } from '../../src/shared/service-request-rules';
import { serviceRequests, users } from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from './build-test-app';
import { createTechnician, createUser, signIn } from './factories';

type Technician = Awaited<ReturnType<typeof createTechnician>>;
type Cast = 'owner' | 'other' | 'admin' | 'tech' | 'otherTech';

/**
 * The people of the review tests, each signed in (`cookies`): the customer Maria Garcia
 * (`owner`), another customer, an admin, the technician Rita who did the jobs (`tech`) and
 * another, Omar. Registers the file's beforeAll (a fresh app) and afterAll; the fields are set
 * once the beforeAll has run.
 */
export function reviewsKit() {
  const kit = {
    t: undefined as unknown as TestApp,
    cookies: {} as Record<Cast, string>,
    owner: undefined as unknown as { id: number },
    tech: undefined as unknown as Technician,
    otherTech: undefined as unknown as Technician,

    /** A request row in the given state (set directly, not through its moves). */
    async makeJob(
      opts: {
        status?: ServiceRequestStatus;
        technicianId?: number | null;
        customerId?: number;
        serviceType?: string;
      } = {},
    ) {
      const status = opts.status ?? 'completed';
      const [row] = await kit.t.app.db
        .insert(serviceRequests)
        .values({
          customerId: opts.customerId ?? kit.owner.id,
          serviceType: opts.serviceType ?? 'Brake Service',
          description: 'Squealing brakes',
          location: 'Bowie, MD',
          status,
          assignedTechnicianId:
            opts.technicianId === undefined ? kit.tech.technician.id : opts.technicianId,
          completedAt: status === 'completed' ? kit.t.clock.now : null,
        })
        .returning();
      return { id: row!.id, reference: formatReference(row!.id) };
    },

    /** PUT of the job's review, as `cookie`'s user or with the e-mailed link's `token`. */
    putReview: (
      reference: string,
      payload: unknown,
      opts: { cookie?: string; token?: string } = {},
    ) =>
      kit.t.app.inject({
        method: 'PUT',
        url: `/api/service-requests/${reference}/review${opts.token ? `?t=${opts.token}` : ''}`,
        payload: payload as object,
        headers: opts.cookie ? { cookie: opts.cookie } : {},
      }),
  };

  beforeAll(async () => {
    const t = await buildTestApp();
    kit.t = t;
    const owner = await createUser(t.app, { role: 'customer', firstName: 'Maria' });
    await t.app.db.update(users).set({ lastName: 'Garcia' }).where(eq(users.id, owner.id));
    kit.owner = owner;
    const other = await createUser(t.app, { role: 'customer' });
    const admin = await createUser(t.app, { role: 'admin' });
    kit.tech = await createTechnician(t.app, { firstName: 'Rita' });
    kit.otherTech = await createTechnician(t.app, { firstName: 'Omar' });
    kit.cookies.owner = await signIn(t.app, owner.username!);
    kit.cookies.other = await signIn(t.app, other.username!);
    kit.cookies.admin = await signIn(t.app, admin.username!);
    kit.cookies.tech = await signIn(t.app, kit.tech.user.username!);
    kit.cookies.otherTech = await signIn(t.app, kit.otherTech.user.username!);
  });
  afterAll(() => kit.t.close());

  return kit;
}
