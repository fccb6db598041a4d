import { and, eq } from 'drizzle-orm';
import { jobNotifications, serviceRequests } from '../../src/server/db/schema';
import type { TestApp } from './build-test-app';
import { createTechnician, createUser, signIn, type PlanName } from './factories';

/**
 * Helpers for tests of who gets leads (ADR 014): each test works at a spot of its own, about
 * 100 miles from any other test's, so no technician of another test is ever matched.
 */
export function leadsKit(t: () => TestApp) {
  let spots = 0;
  let seq = 0;
  let customerId: number | undefined;

  const nextSpot = () => {
    const i = spots++;
    return { latitude: 30 + (i % 10) * 1.5, longitude: -112 + Math.floor(i / 10) * 3 };
  };

  async function technicianAt(
    spot: { latitude: number; longitude: number },
    plan?: PlanName,
    milesNorth = 0,
  ) {
    const { user, technician } = await createTechnician(t().app, {
      latitude: spot.latitude + milesNorth / 69.05,
      longitude: spot.longitude,
      specialties: ['Diagnostics'],
      serviceRadiusMiles: 25,
      firstName: `Lead${++seq}x`,
      plan,
    });
    return {
      id: technician.id,
      userId: user.id,
      username: user.username!,
      firstName: user.firstName,
      cookie: await signIn(t().app, user.username!),
      /** Signs in again (sessions lapse after 30 idle days; the tests move the clock). */
      async again() {
        this.cookie = await signIn(t().app, user.username!);
      },
    };
  }

  /** A request at `spot`, dispatched: its id and the technicians notified. */
  async function requestAt(spot: { latitude: number; longitude: number }) {
    customerId ??= (await createUser(t().app)).id;
    const [req] = await t()
      .app.db.insert(serviceRequests)
      .values({
        customerId,
        serviceType: 'Diagnostics',
        description: 'Check engine light on',
        location: 'Test spot',
        latitude: spot.latitude,
        longitude: spot.longitude,
      })
      .returning();
    await t().app.dispatcher.dispatch(req!.id);
    const notified = await t()
      .app.db.select()
      .from(jobNotifications)
      .where(eq(jobNotifications.serviceRequestId, req!.id));
    return { id: req!.id, notified: notified.map((n) => n.technicianId) };
  }

  async function notificationOf(requestId: number, technicianId: number) {
    const [n] = await t()
      .app.db.select()
      .from(jobNotifications)
      .where(
        and(
          eq(jobNotifications.serviceRequestId, requestId),
          eq(jobNotifications.technicianId, technicianId),
        ),
      );
    if (!n) throw new Error(`technician ${technicianId} was not notified of ${requestId}`);
    return n;
  }

  const accept = async (requestId: number, tech: { id: number; cookie: string }) =>
    t().app.inject({
      method: 'PATCH',
      url: `/api/job-notifications/${(await notificationOf(requestId, tech.id)).id}/accept`,
      headers: { cookie: tech.cookie },
    });

  /** `n` jobs the technician accepted at `at` (their requests and accepted notifications). */
  async function acceptedJobs(technicianId: number, n: number, at: Date) {
    customerId ??= (await createUser(t().app)).id;
    for (let i = 0; i < n; i++) {
      const [req] = await t()
        .app.db.insert(serviceRequests)
        .values({
          customerId,
          serviceType: 'Diagnostics',
          description: `Earlier job ${i}`,
          location: 'Test spot',
          status: 'accepted',
          assignedTechnicianId: technicianId,
          assignedAt: at,
        })
        .returning();
      await t().app.db.insert(jobNotifications).values({
        serviceRequestId: req!.id,
        technicianId,
        status: 'accepted',
        expiresAt: at,
        respondedAt: at,
        createdAt: at,
      });
    }
  }

  const leadStatus = async (tech: { id: number; cookie: string }) => {
    const res = await t().app.inject({
      method: 'GET',
      url: `/api/job-notifications/technician/${tech.id}/leads`,
      headers: { cookie: tech.cookie },
    });
    if (res.statusCode !== 200) throw new Error(`lead status: ${res.statusCode} ${res.body}`);
    return res.json() as {
      plan: string;
      status: string;
      inGrace: boolean;
      receivesLeads: boolean;
      monthlyJobCap: number | null;
      acceptedThisPeriod: number;
      periodEnd: string | null;
      limitReached: boolean;
    };
  };

  return { nextSpot, technicianAt, requestAt, notificationOf, accept, acceptedJobs, leadStatus };
}
