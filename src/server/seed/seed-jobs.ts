import type { JobNotificationStatus, ServiceRequestStatus } from '@shared/constants/domain';
import { findLocation, type LocationName } from '@shared/constants/locations';
import type { ServiceType, Urgency } from '@shared/constants/service-types';
import { distanceMiles, roundMiles } from '@shared/geo';
import type { ServiceRequestMove, SystemMove } from '@shared/service-request-rules';
import { quoteTotals } from '@shared/money';
import { composeServiceDescription } from '@shared/schemas/service-requests';
import { nextNumber } from '../domain/document-numbers';
import { taxRatesFor } from '../domain/sales-tax';
import type { DbOrTx } from '../db/client';
import {
  invoicePayments,
  invoices,
  jobNotifications,
  quoteItems,
  quotes,
  reviews,
  serviceRequestEvents,
  serviceRequests,
  users,
  vehicles,
} from '../db/schema';
import { DEMO_VEHICLES, type DemoVehicleKey } from './seed-data';
import { demoSignaturePng } from './seed-signature';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
/**
 * The sales tax of a demo job, from the rates table as a real quote's (its place of work on the
 * day): the quote's stored fields and the rates for its totals.
 */
export async function seedTax(db: DbOrTx, location: string, at: Date) {
  const r = await taxRatesFor(db, location, at);
  return {
    rates: { parts: r.partsRate, labor: r.laborRate },
    fields: {
      taxRate: r.partsRate.toFixed(2),
      laborTaxRate: r.laborRate.toFixed(2),
      taxJurisdiction: r.jurisdiction,
    },
  };
}

type Person = typeof users.$inferSelect;
export type SeedTech = {
  id: number;
  userId: number;
  username: string;
  latitude: number;
  longitude: number;
  hourlyRateCents: number;
};
type Actor = 'customer' | 'technician' | 'admin' | 'system';
type EventRow = typeof serviceRequestEvents.$inferInsert;
type NotificationRow = typeof jobNotifications.$inferInsert;
type RequestRow = typeof serviceRequests.$inferSelect;

/**
 * One request's story, told move by move as the transition function would record it: the
 * request's final columns, its timeline and its job notifications all follow from the moves.
 */
export class Story {
  status: ServiceRequestStatus | null = null;
  readonly events: Omit<EventRow, 'serviceRequestId'>[] = [];
  readonly notifications: Omit<NotificationRow, 'serviceRequestId'>[] = [];
  readonly fields: Partial<typeof serviceRequests.$inferInsert> = { dispatchRound: 0 };
  private last: Date;

  constructor(
    private readonly techs: Map<string, SeedTech>,
    readonly customer: Person,
    readonly point: { latitude: number; longitude: number },
    readonly createdAt: Date,
  ) {
    this.last = createdAt;
    // A guest's request is submitted by the platform on their behalf (no account acts).
    if (customer.isGuest) this.event('submit', 'requested', 'system', createdAt);
    else this.event('submit', 'requested', 'customer', createdAt, { actorUserId: customer.id });
  }

  tech(username: string): SeedTech {
    const t = this.techs.get(username);
    if (!t) throw new Error(`Unknown seed technician ${username}`);
    return t;
  }

  private event(
    move: ServiceRequestMove | SystemMove,
    to: ServiceRequestStatus,
    actorRole: Actor,
    at: Date,
    extra: Partial<Pick<EventRow, 'actorUserId' | 'technicianId' | 'note' | 'details'>> = {},
  ) {
    if (at < this.last) throw new Error(`Seed timeline goes back in time at ${move}`);
    this.events.push({
      move,
      fromStatus: this.status,
      toStatus: to,
      actorRole,
      actorUserId: extra.actorUserId ?? null,
      technicianId: extra.technicianId ?? null,
      note: extra.note ?? null,
      details: extra.details ?? null,
      createdAt: at,
    });
    this.status = to;
    this.last = at;
    return this;
  }

  /**
   * A dispatch round: the technicians notified, each with what became of the notification.
   * `accepted` is followed by accept(); the others of that round close then.
   */
  round(
    round: number,
    at: Date,
    notified: {
      tech: string;
      outcome: Exclude<JobNotificationStatus, 'pending' | 'withdrawn'>;
      reason?: string;
      afterMin?: number;
    }[],
  ) {
    this.fields.dispatchRound = round;
    const expiresAt = new Date(at.getTime() + 5 * MIN);
    this.event('dispatch_round', 'dispatching', 'system', at, {
      details: { round, notified: notified.length, endsAt: expiresAt.toISOString() },
    });
    for (const n of notified) {
      const t = this.tech(n.tech);
      const responded =
        n.outcome === 'accepted' || n.outcome === 'declined'
          ? new Date(at.getTime() + (n.afterMin ?? 2) * MIN)
          : null;
      this.notifications.push({
        technicianId: t.id,
        round,
        distanceMiles: roundMiles(distanceMiles(this.point, t)),
        status: n.outcome,
        expiresAt,
        respondedAt: responded,
        declineReason: n.outcome === 'declined' ? (n.reason ?? null) : null,
        createdAt: at,
        updatedAt: responded ?? expiresAt,
      });
    }
    return this;
  }

  accept(username: string, at: Date) {
    const t = this.tech(username);
    this.fields.assignedTechnicianId = t.id;
    this.fields.assignedAt = at;
    // The other notifications of the round close the moment one is accepted.
    for (const n of this.notifications)
      if (n.status === 'closed' && n.createdAt! <= at) n.updatedAt = at;
    const round = this.notifications.find((n) => n.technicianId === t.id)?.round ?? null;
    return this.event('accept', 'accepted', 'technician', at, {
      actorUserId: t.userId,
      technicianId: t.id,
      details: { round },
    });
  }

  /** A customer's move: the signed-in owner, or a guest through the signed link (no user). */
  private byCustomer() {
    return {
      actorUserId: this.customer.isGuest ? null : this.customer.id,
      technicianId: this.fields.assignedTechnicianId ?? null,
    };
  }

  private assigned() {
    const t = [...this.techs.values()].find((x) => x.id === this.fields.assignedTechnicianId);
    if (!t) throw new Error('No technician is assigned in this seed story');
    return { actorUserId: t.userId, technicianId: t.id };
  }

  proposeWindow(at: Date, start: Date, end: Date) {
    this.fields.windowStart = start;
    this.fields.windowEnd = end;
    this.fields.windowConfirmedAt = null;
    return this.event('propose_window', 'accepted', 'technician', at, {
      ...this.assigned(),
      details: { windowStart: start.toISOString(), windowEnd: end.toISOString() },
    });
  }

  confirmWindow(at: Date) {
    this.fields.windowConfirmedAt = at;
    return this.event('confirm_window', 'scheduled', 'customer', at, this.byCustomer());
  }

  startRoute(at: Date) {
    return this.event('start_route', 'en_route', 'technician', at, this.assigned());
  }

  startWork(at: Date) {
    return this.event('start_work', 'in_progress', 'technician', at, this.assigned());
  }

  complete(at: Date) {
    this.fields.completedAt = at;
    return this.event('complete', 'completed', 'technician', at, this.assigned());
  }

  cancel(actor: 'customer' | 'admin', at: Date, reason: string, adminUserId?: number) {
    this.fields.canceledAt = at;
    this.fields.cancelReason = reason;
    // Whoever was still being asked is told the request is gone.
    for (const n of this.notifications)
      if (n.status === 'closed' && n.updatedAt! > at) n.updatedAt = at;
    return this.event('cancel', 'canceled', actor, at, {
      ...(actor === 'customer'
        ? this.byCustomer()
        : {
            actorUserId: adminUserId ?? null,
            technicianId: this.fields.assignedTechnicianId ?? null,
          }),
      note: reason,
    });
  }

  unmatched(at: Date) {
    return this.event('unmatched', 'unmatched', 'system', at, {
      details: { rounds: this.fields.dispatchRound },
    });
  }

  get lastAt() {
    return this.last;
  }
}

type JobSpec = {
  customer: Person;
  vehicle?: DemoVehicleKey;
  vehicleInfo: string;
  mileage: string;
  serviceType: ServiceType;
  urgency: Urgency;
  location: LocationName;
  problem: string;
  createdAt: Date;
};

type QuoteLine = {
  type: 'labor' | 'part';
  description: string;
  quantity: string;
  unitPriceCents: number;
  partNumber?: string;
  laborHours?: string;
};

/**
 * The demo jobs: the demo customer's requests in every state a customer sees (accepted with a
 * window to confirm, scheduled, completed with a review and a paid invoice, canceled,
 * unmatched), the demo technician's active and past jobs with quotes, invoices and receipts,
 * and a few guests' requests for the admin's list. Nothing is left in dispatch.
 */
export async function seedJobs(
  tx: DbOrTx,
  ctx: { now: Date; admin: Person; customer: Person; techs: SeedTech[] },
) {
  const { now, admin, customer } = ctx;
  const techs = new Map(ctx.techs.map((t) => [t.username, t]));
  const marcus = techs.get('technician')!;
  /** A time `days` from today (UTC) at `hour`:`minute` UTC. */
  const dayAt = (days: number, hour: number, minute = 0) => {
    const d = new Date(now);
    d.setUTCHours(hour, minute, 0, 0);
    return new Date(d.getTime() + days * DAY);
  };
  const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);
  const signature = demoSignaturePng();

  const guest = async (name: string, email: string, phone: string) => {
    const [first, ...rest] = name.split(' ');
    const [g] = await tx
      .insert(users)
      .values({
        email,
        role: 'customer',
        status: 'approved',
        isGuest: true,
        firstName: first!,
        lastName: rest.join(' '),
        phone,
      })
      .returning();
    return g!;
  };
  const natalie = await guest('Natalie Brooks', 'natalie.brooks@example.com', '+12405550131');
  const samuel = await guest('Samuel Ortiz', 'samuel.ortiz@example.com', '+12025550144');
  const monica = await guest('Monica Alvarez', 'monica.alvarez@example.com', '+13015550163');

  const vehicleIds = new Map<DemoVehicleKey, number>();
  for (const [key, v] of Object.entries(DEMO_VEHICLES) as [
    DemoVehicleKey,
    (typeof DEMO_VEHICLES)[DemoVehicleKey],
  ][]) {
    const [row] = await tx
      .insert(vehicles)
      .values({ customerId: customer.id, ...v, createdAt: new Date(now.getTime() - 120 * DAY) })
      .returning();
    vehicleIds.set(key, row!.id);
  }

  const story = (spec: JobSpec) => {
    const loc = findLocation(spec.location)!;
    return new Story(techs, spec.customer, loc, spec.createdAt);
  };

  /** Writes the request, its timeline and its notifications. */
  const save = async (spec: JobSpec, s: Story): Promise<RequestRow> => {
    const loc = findLocation(spec.location)!;
    const c = spec.customer;
    const [sr] = await tx
      .insert(serviceRequests)
      .values({
        customerId: c.id,
        serviceType: spec.serviceType,
        description: composeServiceDescription({
          problem: spec.problem,
          vehicle: spec.vehicleInfo,
          mileage: spec.mileage,
        }),
        urgency: spec.urgency,
        location: loc.name,
        latitude: loc.latitude,
        longitude: loc.longitude,
        contactName: `${c.firstName} ${c.lastName}`,
        contactEmail: c.email,
        contactPhone: c.phone,
        vehicleInfo: spec.vehicleInfo,
        vehicleId: spec.vehicle ? vehicleIds.get(spec.vehicle)! : null,
        ...s.fields,
        status: s.status!,
        createdAt: spec.createdAt,
        updatedAt: s.lastAt,
      })
      .returning();
    await tx
      .insert(serviceRequestEvents)
      .values(s.events.map((e) => ({ ...e, serviceRequestId: sr!.id })));
    if (s.notifications.length > 0)
      await tx
        .insert(jobNotifications)
        .values(s.notifications.map((n) => ({ ...n, serviceRequestId: sr!.id })));
    return sr!;
  };

  /** A quote made from the job (draft, or signed by the customer at `signedAt`). */
  const quote = async (
    sr: RequestRow,
    spec: JobSpec,
    lines: QuoteLine[],
    at: Date,
    signedAt: Date | null,
    notes: string | null = null,
  ) => {
    const tax = await seedTax(tx, sr.location, at);
    const totals = quoteTotals(lines, tax.rates);
    const v = spec.vehicle ? DEMO_VEHICLES[spec.vehicle] : null;
    const [year, make, ...model] = spec.vehicleInfo.split(' ');
    const [q] = await tx
      .insert(quotes)
      .values({
        quoteNumber: await nextNumber(tx, 'quote', at),
        technicianId: sr.assignedTechnicianId!,
        serviceRequestId: sr.id,
        customerName: sr.contactName!,
        customerEmail: sr.contactEmail,
        customerPhone: sr.contactPhone,
        vehicleYear: v ? String(v.year) : (year ?? null),
        vehicleMake: v ? v.make : (make ?? null),
        vehicleModel: v ? v.model : model.join(' ') || null,
        vehicleVin: v ? v.vin : null,
        vehicleMileage: spec.mileage.replace(/,/g, '') || null,
        notes,
        ...tax.fields,
        laborTotalCents: totals.laborTotalCents,
        partsTotalCents: totals.partsTotalCents,
        taxAmountCents: totals.taxAmountCents,
        totalAmountCents: totals.totalAmountCents,
        status: signedAt ? 'approved' : 'draft',
        signature: signedAt ? signature : null,
        signedAt,
        createdAt: at,
        updatedAt: signedAt ?? at,
      })
      .returning();
    const items = lines.map((l, position) => ({
      position,
      type: l.type,
      description: l.description,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      totalPriceCents: totals.lineTotalsCents[position]!,
      partNumber: l.type === 'part' ? (l.partNumber ?? null) : null,
      laborHours: l.type === 'labor' ? (l.laborHours ?? null) : null,
    }));
    await tx.insert(quoteItems).values(items.map((i) => ({ ...i, quoteId: q!.id })));
    return { q: q!, items };
  };

  /** The invoice of a signed quote, paid in full at `paidAt` by `method`. */
  const paidInvoice = async (
    made: Awaited<ReturnType<typeof quote>>,
    at: Date,
    paidAt: Date,
    method: 'card' | 'cash',
  ) => {
    const { q, items } = made;
    const [inv] = await tx
      .insert(invoices)
      .values({
        invoiceNumber: await nextNumber(tx, 'invoice', at),
        quoteId: q.id,
        technicianId: q.technicianId,
        serviceRequestId: q.serviceRequestId,
        customerName: q.customerName,
        customerEmail: q.customerEmail,
        customerPhone: q.customerPhone,
        vehicleInfo: [q.vehicleYear, q.vehicleMake, q.vehicleModel].filter(Boolean).join(' '),
        items: items.map(({ position: _position, ...i }) => i),
        laborTotalCents: q.laborTotalCents,
        partsTotalCents: q.partsTotalCents,
        taxRate: q.taxRate,
        laborTaxRate: q.laborTaxRate,
        taxJurisdiction: q.taxJurisdiction,
        taxAmountCents: q.taxAmountCents,
        totalAmountCents: q.totalAmountCents,
        paidAmountCents: q.totalAmountCents,
        status: 'paid',
        paidAt,
        createdAt: at,
        updatedAt: paidAt,
      })
      .returning();
    await tx.insert(invoicePayments).values({
      invoiceId: inv!.id,
      technicianId: q.technicianId,
      method,
      amountCents: q.totalAmountCents,
      status: 'succeeded',
      provider: method === 'card' ? 'sandbox' : null,
      providerPaymentId: method === 'card' ? `sbx_pay_demo_invoice_${inv!.id}` : null,
      idempotencyKey: `seed:invoice:${inv!.id}`,
      receiptNumber: await nextNumber(tx, 'receipt', paidAt),
      customerName: q.customerName,
      customerEmail: q.customerEmail,
      cardBrand: method === 'card' ? 'VISA' : null,
      cardLast4: method === 'card' ? '1111' : null,
      createdAt: paidAt,
    });
    return inv!;
  };

  // Oldest first, so that document numbers grow with their dates.

  // 1. Samuel (guest): a completed diagnosis by the demo technician, paid in cash.
  const samuelDiag: JobSpec = {
    customer: samuel,
    vehicleInfo: '2016 Ford Escape',
    mileage: '88,400',
    serviceType: 'Diagnostics',
    urgency: 'medium',
    location: 'Washington, DC',
    problem: 'Check engine light came on and the car failed its emissions inspection.',
    createdAt: dayAt(-60, 14, 5),
  };
  {
    const t0 = samuelDiag.createdAt;
    const s = story(samuelDiag)
      .round(1, plus(t0, MIN), [
        { tech: 'technician', outcome: 'accepted', afterMin: 3 },
        { tech: 'aisha.thompson', outcome: 'closed' },
        { tech: 'priya.patel', outcome: 'closed' },
      ])
      .accept('technician', plus(t0, 4 * MIN))
      .proposeWindow(plus(t0, 20 * MIN), dayAt(-59, 15), dayAt(-59, 17))
      .confirmWindow(plus(t0, 90 * MIN))
      .startRoute(dayAt(-59, 14, 40))
      .startWork(dayAt(-59, 15, 10));
    const workDone = dayAt(-59, 16, 20);
    s.complete(plus(workDone, 15 * MIN));
    const sr = await save(samuelDiag, s);
    const q = await quote(
      sr,
      samuelDiag,
      [
        {
          type: 'labor',
          description: 'Diagnostic scan and exhaust leak test',
          quantity: '1',
          unitPriceCents: marcus.hourlyRateCents,
          laborHours: '1',
        },
        {
          type: 'labor',
          description: 'Replace downstream oxygen sensor',
          quantity: '0.5',
          unitPriceCents: marcus.hourlyRateCents,
          laborHours: '0.5',
        },
        {
          type: 'part',
          description: 'Downstream oxygen sensor',
          quantity: '1',
          unitPriceCents: 8999,
          partNumber: 'OS-234-4668',
        },
      ],
      dayAt(-59, 15, 40),
      dayAt(-59, 15, 45),
      'Code P0420: downstream O2 sensor reading flat; catalytic converter tested fine.',
    );
    await paidInvoice(q, dayAt(-59, 16, 20), dayAt(-59, 16, 25), 'cash');
  }

  // 2. Casey: completed by the demo technician on the Civic, quote signed, invoice paid by
  //    card, reviewed (and answered).
  const caseyCompleted: JobSpec = {
    customer,
    vehicle: 'civic',
    vehicleInfo: '2018 Honda Civic',
    mileage: '64,200',
    serviceType: 'Electrical',
    urgency: 'medium',
    location: 'Hyattsville, MD',
    problem: 'The battery light flickers and there is a whining noise from the engine bay.',
    createdAt: dayAt(-45, 13, 10),
  };
  {
    const t0 = caseyCompleted.createdAt;
    const s = story(caseyCompleted)
      .round(1, plus(t0, MIN), [
        { tech: 'technician', outcome: 'accepted', afterMin: 2 },
        { tech: 'aisha.thompson', outcome: 'closed' },
        { tech: 'brianna.scott', outcome: 'closed' },
      ])
      .accept('technician', plus(t0, 3 * MIN))
      .proposeWindow(plus(t0, 25 * MIN), dayAt(-44, 15), dayAt(-44, 17))
      .confirmWindow(plus(t0, 70 * MIN))
      .startRoute(dayAt(-44, 14, 45))
      .startWork(dayAt(-44, 15, 5));
    s.complete(dayAt(-44, 17, 15));
    const sr = await save(caseyCompleted, s);
    const q = await quote(
      sr,
      caseyCompleted,
      [
        {
          type: 'labor',
          description: 'Charging system test and alternator replacement',
          quantity: '1.5',
          unitPriceCents: marcus.hourlyRateCents,
          laborHours: '1.5',
        },
        {
          type: 'part',
          description: 'Remanufactured alternator, 130 A',
          quantity: '1',
          unitPriceCents: 28999,
          partNumber: 'ALT-11574',
        },
        {
          type: 'part',
          description: 'Serpentine belt',
          quantity: '1',
          unitPriceCents: 3450,
          partNumber: 'K060841',
        },
      ],
      dayAt(-44, 15, 35),
      dayAt(-44, 15, 50),
      'Alternator output 12.1 V at idle; belt glazed and cracked.',
    );
    await paidInvoice(q, dayAt(-44, 17, 0), dayAt(-44, 17, 10), 'card');
    const reviewedAt = dayAt(-43, 1, 30);
    await tx.insert(reviews).values({
      technicianId: marcus.id,
      customerId: customer.id,
      serviceRequestId: sr.id,
      rating: 5,
      comment:
        'Marcus found the failing alternator in ten minutes, had the part with him and was done in under two hours. He showed me the worn belt before replacing it.',
      reply:
        'Thanks, Casey! Glad the Civic is charging properly again. The new belt should be good for a long while.',
      repliedAt: dayAt(-43, 13, 0),
      createdAt: reviewedAt,
      updatedAt: reviewedAt,
    });
  }

  // 3. Natalie (guest): an oil change completed by another technician.
  const natalieOil: JobSpec = {
    customer: natalie,
    vehicleInfo: '2020 Toyota RAV4',
    mileage: '31,000',
    serviceType: 'Oil Change',
    urgency: 'low',
    location: 'Waldorf, MD',
    problem: 'Oil change and tire rotation due.',
    createdAt: dayAt(-30, 12, 20),
  };
  {
    const t0 = natalieOil.createdAt;
    const s = story(natalieOil)
      .round(1, plus(t0, MIN), [
        { tech: 'derrick.okafor', outcome: 'accepted', afterMin: 4 },
        { tech: 'grace.kim', outcome: 'closed' },
      ])
      .accept('derrick.okafor', plus(t0, 5 * MIN))
      .proposeWindow(plus(t0, 40 * MIN), dayAt(-29, 13), dayAt(-29, 15))
      .confirmWindow(plus(t0, 3 * HOUR))
      .startRoute(dayAt(-29, 12, 40))
      .startWork(dayAt(-29, 13, 10))
      .complete(dayAt(-29, 14, 0));
    await save(natalieOil, s);
  }

  // 4. Casey: accepted by the demo technician, then canceled by Casey before the visit.
  const caseyCanceled: JobSpec = {
    customer,
    vehicle: 'altima',
    vehicleInfo: '2015 Nissan Altima',
    mileage: '97,900',
    serviceType: 'Electrical',
    urgency: 'low',
    location: 'Hyattsville, MD',
    problem: 'Dashboard lights flicker while driving, mostly over bumps.',
    createdAt: dayAt(-20, 16, 0),
  };
  {
    const t0 = caseyCanceled.createdAt;
    const s = story(caseyCanceled)
      .round(1, plus(t0, MIN), [
        { tech: 'technician', outcome: 'accepted', afterMin: 3 },
        { tech: 'aisha.thompson', outcome: 'closed' },
      ])
      .accept('technician', plus(t0, 4 * MIN))
      .proposeWindow(plus(t0, 30 * MIN), dayAt(-18, 14), dayAt(-18, 16))
      .cancel('customer', plus(t0, 5 * HOUR), 'Fixed it myself: it was a loose battery terminal.');
    await save(caseyCanceled, s);
  }

  // 5. Samuel (guest): AC repair completed by another technician.
  const samuelAc: JobSpec = {
    customer: samuel,
    vehicleInfo: '2016 Ford Escape',
    mileage: '',
    serviceType: 'AC Repair',
    urgency: 'high',
    location: 'Washington, DC',
    problem: 'AC blows warm air since last week.',
    createdAt: dayAt(-12, 15, 30),
  };
  {
    const t0 = samuelAc.createdAt;
    const s = story(samuelAc)
      .round(1, plus(t0, MIN), [
        { tech: 'aisha.thompson', outcome: 'accepted', afterMin: 2 },
        { tech: 'brianna.scott', outcome: 'closed' },
      ])
      .accept('aisha.thompson', plus(t0, 3 * MIN))
      .proposeWindow(plus(t0, 15 * MIN), dayAt(-11, 17), dayAt(-11, 19))
      .confirmWindow(plus(t0, 45 * MIN))
      .startRoute(dayAt(-11, 16, 45))
      .startWork(dayAt(-11, 17, 10))
      .complete(dayAt(-11, 18, 30));
    await save(samuelAc, s);
  }

  // 6. Monica (guest): canceled by an admin while it was being dispatched.
  const monicaBrakes: JobSpec = {
    customer: monica,
    vehicleInfo: '2017 Mazda CX-5',
    mileage: '72,300',
    serviceType: 'Brake Service',
    urgency: 'medium',
    location: 'Laurel, MD',
    problem: 'Grinding noise from the rear brakes.',
    createdAt: dayAt(-8, 18, 0),
  };
  const adminCancelReason = 'The customer called support: the car was towed to a dealer.';
  const monicaCanceledAt = plus(monicaBrakes.createdAt, 4 * MIN);
  const monicaRequest = await save(
    monicaBrakes,
    story(monicaBrakes)
      .round(1, plus(monicaBrakes.createdAt, MIN), [
        { tech: 'grace.kim', outcome: 'closed' },
        { tech: 'sofia.ramirez', outcome: 'closed' },
        { tech: 'lauren.brooks', outcome: 'closed' },
      ])
      .cancel('admin', monicaCanceledAt, adminCancelReason, admin.id),
  );

  // 7. Casey: nobody took it in three rounds (unmatched): one declined, one let it expire...
  const caseyUnmatched: JobSpec = {
    customer,
    vehicle: 'altima',
    vehicleInfo: '2015 Nissan Altima',
    mileage: '98,300',
    serviceType: 'Suspension',
    urgency: 'medium',
    location: 'Hyattsville, MD',
    problem: 'Clunking from the front right wheel over bumps.',
    createdAt: dayAt(-6, 22, 10),
  };
  {
    const t0 = caseyUnmatched.createdAt;
    const s = story(caseyUnmatched)
      .round(1, plus(t0, MIN), [
        {
          tech: 'tyrone.williams',
          outcome: 'declined',
          reason: 'Booked solid this week',
          afterMin: 2,
        },
      ])
      .round(2, plus(t0, 6 * MIN), [{ tech: 'sofia.ramirez', outcome: 'expired' }])
      .round(3, plus(t0, 11 * MIN), [
        {
          tech: 'james.carter',
          outcome: 'declined',
          reason: 'Too far from Prince Frederick for this one',
          afterMin: 3,
        },
      ])
      .unmatched(plus(t0, 14 * MIN));
    await save(caseyUnmatched, s);
  }

  // 8. Casey: scheduled with the demo technician (window confirmed), on the Civic.
  const caseyScheduled: JobSpec = {
    customer,
    vehicle: 'civic',
    vehicleInfo: '2018 Honda Civic',
    mileage: '66,850',
    serviceType: 'Engine Repair',
    urgency: 'medium',
    location: 'Hyattsville, MD',
    problem: 'Rough idle and a ticking noise from the engine on cold starts.',
    createdAt: dayAt(-2, 14, 0),
  };
  {
    const t0 = caseyScheduled.createdAt;
    const s = story(caseyScheduled)
      .round(1, plus(t0, MIN), [
        { tech: 'technician', outcome: 'accepted', afterMin: 5 },
        { tech: 'kevin.nguyen', outcome: 'closed' },
      ])
      .accept('technician', plus(t0, 6 * MIN))
      .proposeWindow(plus(t0, 30 * MIN), dayAt(2, 17), dayAt(2, 19))
      .confirmWindow(plus(t0, 2 * HOUR));
    await save(caseyScheduled, s);
  }

  // 9. Natalie (guest): in progress with the demo technician, a draft quote to sign.
  const natalieBattery: JobSpec = {
    customer: natalie,
    vehicleInfo: '2019 Chevrolet Malibu',
    mileage: '41,700',
    serviceType: 'Electrical',
    urgency: 'medium',
    location: 'Bowie, MD',
    problem: 'Battery keeps dying overnight.',
    createdAt: new Date(now.getTime() - DAY - 3 * HOUR),
  };
  {
    const t0 = natalieBattery.createdAt;
    const start = new Date(Math.floor((now.getTime() - HOUR) / HOUR) * HOUR);
    const s = story(natalieBattery)
      .round(1, plus(t0, MIN), [
        { tech: 'technician', outcome: 'accepted', afterMin: 2 },
        { tech: 'brianna.scott', outcome: 'closed' },
        { tech: 'lauren.brooks', outcome: 'closed' },
      ])
      .accept('technician', plus(t0, 3 * MIN))
      .proposeWindow(plus(t0, 20 * MIN), start, plus(start, 2 * HOUR))
      .confirmWindow(plus(t0, HOUR))
      .startRoute(plus(start, -20 * MIN))
      .startWork(plus(start, 15 * MIN));
    const sr = await save(natalieBattery, s);
    await quote(
      sr,
      natalieBattery,
      [
        {
          type: 'labor',
          description: 'Parasitic draw test',
          quantity: '1',
          unitPriceCents: marcus.hourlyRateCents,
          laborHours: '1',
        },
        {
          type: 'part',
          description: 'AGM battery, group 48',
          quantity: '1',
          unitPriceCents: 21999,
          partNumber: 'H6-AGM',
        },
        {
          type: 'labor',
          description: 'Battery replacement and terminal cleaning',
          quantity: '0.5',
          unitPriceCents: marcus.hourlyRateCents,
          laborHours: '0.5',
        },
      ],
      plus(start, 40 * MIN),
      null,
      'Battery fails the load test; the trunk light switch was draining it and has been fixed.',
    );
  }

  // 10. Casey: accepted by the demo technician, who proposed a window to confirm.
  const caseyAccepted: JobSpec = {
    customer,
    vehicle: 'altima',
    vehicleInfo: '2015 Nissan Altima',
    mileage: '98,500',
    serviceType: 'Diagnostics',
    urgency: 'high',
    location: 'Hyattsville, MD',
    problem: 'Check engine light is on and the engine hesitates when accelerating.',
    createdAt: new Date(now.getTime() - 3 * HOUR),
  };
  {
    const t0 = caseyAccepted.createdAt;
    const s = story(caseyAccepted)
      .round(1, plus(t0, MIN), [
        { tech: 'technician', outcome: 'accepted', afterMin: 3 },
        { tech: 'aisha.thompson', outcome: 'closed' },
        { tech: 'priya.patel', outcome: 'closed' },
      ])
      .accept('technician', plus(t0, 4 * MIN))
      .proposeWindow(plus(t0, 25 * MIN), dayAt(1, 14), dayAt(1, 16));
    await save(caseyAccepted, s);
  }

  return { monicaRequest, adminCancelReason, monicaCanceledAt };
}
