import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../../tests/helpers/factories';
import { SERVICE_REQUEST_STATUSES, type ServiceRequestStatus } from '@shared/constants/domain';
import { LOCATIONS } from '@shared/constants/locations';
import {
  SERVICE_REQUEST_MOVES,
  SERVICE_REQUEST_RULES,
  formatReference,
  type ServiceRequestMove,
} from '@shared/service-request-rules';
import { jobNotifications, serviceRequestEvents, serviceRequests } from '../../../db/schema';
import { requestLinkToken } from '../../../domain/request-links';

/**
 * The state machine, table-driven: every state × every move × every identity goes through
 * HTTP and gets exactly what src/shared/service-request-rules.ts says: 404 for who has no access (as for an
 * unknown reference), 403 for a role the move is not for, 409 for a state that does not allow
 * it, 200 and the target state otherwise; a refused move changes nothing (status, row,
 * timeline).
 */
const IDENTITIES = [
  'owner',
  'link',
  'anonymous',
  'otherCustomer',
  'assignedTechnician',
  'otherTechnician',
  'admin',
] as const;
type Identity = (typeof IDENTITIES)[number];

const hyattsville = LOCATIONS.find((l) => l.name === 'Hyattsville, MD')!;
const ASSIGNED: ServiceRequestStatus[] = [
  'accepted',
  'scheduled',
  'en_route',
  'in_progress',
  'completed',
];

let t: TestApp;
const cookies: Partial<Record<Identity, string>> = {};
let ownerId = 0;
let assignedTechId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await createUser(t.app, { role: 'customer' });
  ownerId = owner.id;
  cookies.owner = await signIn(t.app, owner.username!);
  const other = await createUser(t.app, { role: 'customer' });
  cookies.otherCustomer = await signIn(t.app, other.username!);
  const admin = await createUser(t.app, { role: 'admin' });
  cookies.admin = await signIn(t.app, admin.username!);
  // Far from the requests, with another specialty: re-dispatch finds no one (stays simple).
  const assigned = await createTechnician(t.app, { specialties: ['Oil Change'] });
  assignedTechId = assigned.technician.id;
  cookies.assignedTechnician = await signIn(t.app, assigned.user.username!);
  const otherTech = await createTechnician(t.app, { specialties: ['Oil Change'] });
  cookies.otherTechnician = await signIn(t.app, otherTech.user.username!);
});
afterAll(() => t.close());

/** A request put straight into `status`, as the flow would have left it. */
async function requestIn(status: ServiceRequestStatus) {
  const now = t.clock.now;
  const assigned = ASSIGNED.includes(status) || status === 'canceled';
  const [r] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId: ownerId,
      serviceType: 'Transmission',
      description: 'It slips between gears.',
      urgency: 'medium',
      location: hyattsville.name,
      latitude: hyattsville.latitude,
      longitude: hyattsville.longitude,
      contactName: 'Pat Doe',
      contactEmail: 'pat@example.com',
      status,
      dispatchRound: status === 'unmatched' ? 3 : status === 'requested' ? 0 : 1,
      assignedTechnicianId: assigned ? assignedTechId : null,
      assignedAt: assigned ? now : null,
      windowStart: assigned ? new Date(now.getTime() + 2 * 3600_000) : null,
      windowEnd: assigned ? new Date(now.getTime() + 4 * 3600_000) : null,
      windowConfirmedAt: assigned && status !== 'accepted' ? now : null,
    })
    .returning();
  if (assigned) {
    await t.app.db.insert(jobNotifications).values({
      serviceRequestId: r!.id,
      technicianId: assignedTechId,
      status: 'accepted',
      expiresAt: new Date(now.getTime() + 300_000),
      respondedAt: now,
    });
  }
  return r!;
}

function bodyFor(move: ServiceRequestMove) {
  const now = t.clock.now.getTime();
  return {
    move,
    reason: 'Testing the table',
    ...(move === 'propose_window' || move === 'request_new_time'
      ? {
          windowStart: new Date(now + 3600_000).toISOString(),
          windowEnd: new Date(now + 3 * 3600_000).toISOString(),
        }
      : {}),
  };
}

/** What the table says this identity gets for this move in this state. */
function expected(status: ServiceRequestStatus, move: ServiceRequestMove, who: Identity) {
  // Without access the request answers like an unknown reference.
  if (who === 'anonymous' || who === 'otherCustomer' || who === 'otherTechnician')
    return { code: 404 };
  const assigned = ASSIGNED.includes(status) || status === 'canceled';
  if (who === 'assignedTechnician' && !assigned) return { code: 404 };
  const role =
    who === 'owner' || who === 'link' ? 'customer' : who === 'admin' ? 'admin' : 'technician';
  const rule = SERVICE_REQUEST_RULES[move][role];
  if (!rule) return { code: 403 };
  if (!rule.from.includes(status)) return { code: 409 };
  // The technician answers a new time only once the customer asked for one (none asked here).
  if (move === 'accept_new_time' || move === 'decline_new_time') return { code: 409 };
  return { code: 200, to: rule.to };
}

const eventsOf = async (id: number) =>
  (
    await t.app.db
      .select({ n: count() })
      .from(serviceRequestEvents)
      .where(eq(serviceRequestEvents.serviceRequestId, id))
  )[0]!.n;

describe('every state × every move × every identity', () => {
  for (const status of SERVICE_REQUEST_STATUSES) {
    it(`from ${status}`, async () => {
      for (const move of SERVICE_REQUEST_MOVES) {
        for (const who of IDENTITIES) {
          const r = await requestIn(status);
          const ref = formatReference(r.id);
          const token = requestLinkToken(t.app.config.sessionSecret, r.id);
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/service-requests/${ref}/moves${who === 'link' ? `?t=${token}` : ''}`,
            headers: cookies[who as keyof typeof cookies]
              ? { cookie: cookies[who as keyof typeof cookies]! }
              : {},
            payload: bodyFor(move),
          });
          const want = expected(status, move, who);
          const label = `${status} ${move} by ${who}: ${res.body.slice(0, 160)}`;
          expect(res.statusCode, label).toBe(want.code);
          const [row] = await t.app.db
            .select()
            .from(serviceRequests)
            .where(eq(serviceRequests.id, r.id));
          if (want.code !== 200) {
            expect(res.json().message, label).toBeTruthy();
            // Nothing half-written: the row and the timeline are as they were.
            expect(row, label).toEqual(r);
            expect(await eventsOf(r.id), label).toBe(0);
            continue;
          }
          const redispatched = want.to === 'dispatching' && status !== 'dispatching';
          // Re-dispatch finds no one here, so it ends unmatched again at once.
          expect(row!.status, label).toBe(redispatched ? 'unmatched' : want.to);
          expect(res.json().status, label).toBe(row!.status);
          const [first] = await t.app.db
            .select()
            .from(serviceRequestEvents)
            .where(eq(serviceRequestEvents.serviceRequestId, r.id))
            .orderBy(serviceRequestEvents.id)
            .limit(1);
          expect(first, label).toMatchObject({ move, fromStatus: status, toStatus: want.to });
        }
      }
    });
  }
});

describe('races', () => {
  it('ten identical moves at once: one wins, the others get 409, one timeline entry', async () => {
    const r = await requestIn('scheduled');
    const ref = formatReference(r.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/service-requests/${ref}/moves`,
          headers: { cookie: cookies.assignedTechnician! },
          payload: { move: 'start_route' },
        }),
      ),
    );
    expect(results.map((x) => x.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await eventsOf(r.id)).toBe(1);
  });

  it('the customer cancels while the technician starts the route: exactly one of them happens', async () => {
    const r = await requestIn('scheduled');
    const ref = formatReference(r.id);
    const [cancel, route] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/service-requests/${ref}/moves`,
        headers: { cookie: cookies.owner! },
        payload: { move: 'cancel' },
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/service-requests/${ref}/moves`,
        headers: { cookie: cookies.assignedTechnician! },
        payload: { move: 'start_route' },
      }),
    ]);
    // Either order is valid (a customer may cancel an en-route job), but never a lost update.
    const [row] = await t.app.db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    const events = await t.app.db
      .select()
      .from(serviceRequestEvents)
      .where(eq(serviceRequestEvents.serviceRequestId, r.id))
      .orderBy(serviceRequestEvents.id);
    const ok = [cancel, route].filter((x) => x.statusCode === 200).length;
    expect(events).toHaveLength(ok);
    expect(row!.status).toBe(events.at(-1)!.toStatus);
    expect(events[0]!.fromStatus).toBe('scheduled');
    if (events.length === 2) expect(events[1]!.fromStatus).toBe(events[0]!.toStatus);
  });
});

describe("each move's own body", () => {
  const post = (ref: string, cookie: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/service-requests/${ref}/moves`,
      headers: { cookie },
      payload,
    });

  it('refuses a body naming no move, or one that is none, with the list of moves', async () => {
    const ref = formatReference((await requestIn('scheduled')).id);
    for (const body of [{}, { move: 'fly' }, { reason: 'no move' }]) {
      const res = await post(ref, cookies.assignedTechnician!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues).toEqual([
        { path: 'move', message: `move must be one of: ${SERVICE_REQUEST_MOVES.join(', ')}` },
      ]);
    }
  });

  it("checks the fields a move takes and ignores another move's", async () => {
    const unmatched = formatReference((await requestIn('unmatched')).id);
    const wider = await post(unmatched, cookies.owner!, {
      move: 'retry_dispatch',
      maxDistanceMiles: 7,
    });
    expect(wider.statusCode).toBe(400);
    expect(wider.json().issues[0].path).toBe('maxDistanceMiles');
    // A cancel carries no distance: the field is not the cancel's, so it is not read.
    const canceled = await post(unmatched, cookies.owner!, {
      move: 'cancel',
      maxDistanceMiles: 7,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().status).toBe('canceled');
    // A window belongs to a proposal only: on the way, it changes nothing of the request's.
    const scheduled = await requestIn('scheduled');
    const onTheWay = await post(formatReference(scheduled.id), cookies.assignedTechnician!, {
      move: 'start_route',
      windowStart: new Date(t.clock.now.getTime() + 9 * 3600_000).toISOString(),
      windowEnd: new Date(t.clock.now.getTime() + 10 * 3600_000).toISOString(),
    });
    expect(onTheWay.statusCode, onTheWay.body).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, scheduled.id));
    expect(row).toMatchObject({ status: 'en_route', windowStart: scheduled.windowStart });
  });
});
