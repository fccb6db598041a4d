import { sql } from 'drizzle-orm';
import { findLocation, type LocationName } from '@shared/constants/locations';
import type { ServiceType } from '@shared/constants/service-types';
import { quoteTotals, type QuoteLineInput } from '@shared/money';
import { composeServiceDescription } from '@shared/schemas/service-requests';
import {
  DOCUMENT_KINDS,
  formatDocumentNumber,
  type DocumentKind,
} from '../domain/document-numbers';
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
} from '../db/schema';
import { serviceClock } from '@shared/service-time';
import { DAY, HOUR, MIN, seedTax, Story, type SeedTech } from './seed-jobs';
import { REVIEW_COMMENTS } from './seed-data';
import { generator } from '@shared/random';

/** The demo technician's specialties, with who else nearby takes such a job. */
const SERVICES: Record<
  'Diagnostics' | 'Electrical' | 'Engine Repair',
  {
    weight: number;
    others: string[];
    problems: string[];
    labor: { description: string; hours: [number, number] }[];
    parts: { description: string; partNumber: string; cents: [number, number]; chance: number }[];
  }
> = {
  Diagnostics: {
    weight: 35,
    others: ['aisha.thompson', 'priya.patel'],
    problems: [
      'Check engine light is on and the car idles rough.',
      'The car hesitates when accelerating onto the highway.',
      'Failed the emissions inspection, check engine light on.',
    ],
    labor: [{ description: 'Diagnostic scan and road test', hours: [3, 6] }],
    parts: [
      {
        description: 'Oxygen sensor',
        partNumber: 'OS-234-4668',
        cents: [6_999, 12_999],
        chance: 0.5,
      },
    ],
  },
  Electrical: {
    weight: 35,
    others: ['aisha.thompson', 'robert.king'],
    problems: [
      'Battery keeps dying overnight.',
      'Headlights flicker and the battery light comes on.',
      'Car will not start, just clicks.',
    ],
    labor: [
      { description: 'Charging system test', hours: [2, 4] },
      { description: 'Electrical repair', hours: [3, 8] },
    ],
    parts: [
      {
        description: 'AGM battery, group 48',
        partNumber: 'H6-AGM',
        cents: [17_999, 23_999],
        chance: 0.5,
      },
      {
        description: 'Remanufactured alternator',
        partNumber: 'ALT-11574',
        cents: [24_999, 32_999],
        chance: 0.3,
      },
    ],
  },
  'Engine Repair': {
    weight: 30,
    others: ['kevin.nguyen', 'robert.king'],
    problems: [
      'Ticking noise from the engine on cold starts.',
      'Oil leak under the engine and a burning smell.',
      'Engine overheats in traffic.',
    ],
    labor: [{ description: 'Engine repair', hours: [8, 20] }],
    parts: [
      {
        description: 'Valve cover gasket set',
        partNumber: 'VS-50717',
        cents: [3_999, 8_999],
        chance: 0.6,
      },
      { description: 'Water pump', partNumber: 'WP-9012', cents: [8_999, 18_999], chance: 0.4 },
    ],
  },
};

/** Where the demo technician's customers are: mostly ZIP3 207 around Hyattsville, some DC. */
const PLACES: Record<LocationName, number> = {
  'Hyattsville, MD': 35,
  'Riverdale, MD': 15,
  'Landover, MD': 15,
  'Bowie, MD': 15,
  'Laurel, MD': 10,
  'Washington, DC': 10,
  'Waldorf, MD': 0,
  'Mechanicsville, MD': 0,
  'Prince Frederick, MD': 0,
  'Arlington, VA': 0,
  'Alexandria, VA': 0,
  'Fairfax, VA': 0,
};

const GUESTS = [
  ['Andre', 'Mitchell', '+13015550120'],
  ['Beatriz', 'Cruz', '+12405550121'],
  ['Colin', 'Fraser', '+13015550122'],
  ['Dana', 'Whitfield', '+12025550123'],
  ['Emeka', 'Obi', '+12405550124'],
  ['Fatima', 'Rahman', '+13015550125'],
  ['Grant', 'Holloway', '+13015550126'],
  ['Hana', 'Sato', '+12025550127'],
  ['Isaac', 'Lowell', '+12405550128'],
  ['Jasmine', 'Reed', '+13015550129'],
  ['Kofi', 'Mensah', '+12405550130'],
  ['Lydia', 'Park', '+13015550132'],
] as const;
const VEHICLES = [
  '2014 Toyota Camry',
  '2017 Honda Accord',
  '2012 Ford Focus',
  '2019 Hyundai Elantra',
  '2016 Subaru Outback',
  '2013 Chevrolet Equinox',
  '2018 Kia Sorento',
  '2015 Volkswagen Jetta',
] as const;
const DECLINE_REASONS = ['Booked solid that day', 'Too far for this one', 'Waiting on parts'];
const METHODS = { card: 45, cash: 25, check: 15, digital: 15 } as const;

type Job = {
  story: Story;
  spec: {
    customer: typeof users.$inferSelect;
    serviceType: ServiceType;
    location: LocationName;
    vehicle: string;
    problem: string;
  };
  /** The demo technician's paperwork, for a job they completed. */
  sale?: {
    lines: (QuoteLineInput & { description: string; partNumber?: string; laborHours?: string })[];
    quotedAt: Date;
    signedAt: Date;
    paidAt: Date;
    method: keyof typeof METHODS;
    review?: { rating: number; comment: string | null; at: Date };
  };
};

const chunks = <T>(list: T[], size = 200) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
    list.slice(i * size, i * size + size),
  );

/** `n` numbers of a kind in one query (a sequence hands them out in order). */
async function numbers(tx: DbOrTx, kind: DocumentKind, n: number) {
  if (n === 0) return [];
  const res = (await tx.execute(
    sql`select nextval(${DOCUMENT_KINDS[kind].sequence}::regclass)::text as n
      from generate_series(1, ${n})`,
  )) as { rows: { n: string }[] };
  return res.rows.map((r) => r.n);
}

/**
 * A year of the demo technician's work, so the analytics dashboard is full on a fresh start:
 * job notifications month by month (accepted, declined, expired, closed) with answer times,
 * completed jobs with signed quotes, paid invoices and payments by card, cash, check and
 * digital wallet, and reviews whose ratings rise over the year. The completed jobs, in ZIP3
 * 207 around Hyattsville (and some in DC), give the fair-price check its figures for
 * Diagnostics, Electrical and Engine Repair. Every request tells its story move by move;
 * nothing is left open. Deterministic: the same data for the same `now`.
 */
export async function seedHistory(tx: DbOrTx, ctx: { now: Date; techs: SeedTech[] }) {
  const { now } = ctx;
  // Deterministic: the same history on every fresh start.
  const rng = generator(20261124);
  const techs = new Map(ctx.techs.map((t) => [t.username, t]));
  const marcus = techs.get('technician')!;

  const guests = await tx
    .insert(users)
    .values(
      GUESTS.map(([firstName, lastName, phone]) => ({
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
        role: 'customer' as const,
        status: 'approved' as const,
        isGuest: true,
        firstName,
        lastName,
        phone,
        createdAt: new Date(now.getTime() - 380 * DAY),
      })),
    )
    .returning();

  const jobs: Job[] = [];
  const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);
  // Month 0 is 11 months ago; the work grows over the year.
  for (let month = 0; month < 12; month++) {
    const count = 13 + Math.round(month * 0.6) + rng.int(0, 3);
    for (let k = 0; k < count; k++) {
      const daysAgo = Math.max(3, (11 - month) * 30 + rng.int(0, 29));
      const t0 = new Date(now.getTime() - daysAgo * DAY);
      t0.setUTCHours(rng.int(13, 21), rng.int(0, 59), 0, 0);
      const serviceType = rng.weighted({
        Diagnostics: SERVICES.Diagnostics.weight,
        Electrical: SERVICES.Electrical.weight,
        'Engine Repair': SERVICES['Engine Repair'].weight,
      });
      const service = SERVICES[serviceType];
      const location = rng.weighted(PLACES);
      const customer = rng.pick(guests);
      const story = new Story(techs, customer, findLocation(location)!, t0);
      const spec = {
        customer,
        serviceType,
        location,
        vehicle: rng.pick(VEHICLES),
        problem: rng.pick(service.problems),
      };
      const other = rng.pick(service.others);
      const answerMin = rng.int(15, 270) / 60;
      const round1 = plus(t0, MIN);
      const outcome = rng.weighted({ accepted: 62, declined: 18, expired: 11, closed: 9 });

      // Someone else takes it: the job is done without the demo technician.
      const byOther = (s: Story, acceptedAt: Date) => {
        const day = daytime(plus(acceptedAt, DAY), now);
        s.accept(other, acceptedAt)
          .proposeWindow(plus(acceptedAt, 20 * MIN), day, plus(day, 2 * HOUR))
          .confirmWindow(plus(acceptedAt, HOUR))
          .startRoute(plus(day, -20 * MIN))
          .startWork(plus(day, 10 * MIN))
          .complete(plus(day, 100 * MIN));
      };
      if (outcome === 'declined') {
        story.round(1, round1, [
          {
            tech: 'technician',
            outcome: 'declined',
            reason: rng.pick(DECLINE_REASONS),
            afterMin: answerMin,
          },
          { tech: other, outcome: 'accepted', afterMin: 4.8 },
        ]);
        byOther(story, plus(round1, 4.8 * MIN));
      } else if (outcome === 'expired') {
        story
          .round(1, round1, [{ tech: 'technician', outcome: 'expired' }])
          .round(2, plus(round1, 5 * MIN), [{ tech: other, outcome: 'accepted', afterMin: 2 }]);
        byOther(story, plus(round1, 7 * MIN));
      } else if (outcome === 'closed') {
        story.round(1, round1, [
          { tech: 'technician', outcome: 'closed' },
          { tech: other, outcome: 'accepted', afterMin: 1 },
        ]);
        byOther(story, plus(round1, 2 * MIN));
      } else {
        const acceptedAt = plus(round1, answerMin * MIN);
        story
          .round(1, round1, [
            { tech: 'technician', outcome: 'accepted', afterMin: answerMin },
            { tech: other, outcome: 'closed' },
          ])
          .accept('technician', acceptedAt);
        const visit = daytime(plus(acceptedAt, rng.int(18, 44) * HOUR), now);
        story
          .proposeWindow(plus(acceptedAt, rng.int(10, 40) * MIN), visit, plus(visit, 2 * HOUR))
          .confirmWindow(plus(acceptedAt, rng.int(1, 5) * HOUR));
        if (rng.next() < 0.07) {
          story.cancel('customer', plus(visit, -3 * HOUR), 'Got it fixed elsewhere, thank you.');
          jobs.push({ story, spec });
          continue;
        }
        const working = plus(visit, 15 * MIN);
        story.startRoute(plus(visit, -25 * MIN)).startWork(working);
        const lines: NonNullable<Job['sale']>['lines'] = service.labor
          .filter((_, i) => i === 0 || rng.next() < 0.5)
          .map((l) => {
            const hours = (rng.int(l.hours[0], l.hours[1]) * 0.25).toFixed(2);
            return {
              type: 'labor' as const,
              description: l.description,
              quantity: hours,
              unitPriceCents: marcus.hourlyRateCents,
              laborHours: hours,
            };
          });
        for (const p of service.parts)
          if (rng.next() < p.chance)
            lines.push({
              type: 'part',
              description: p.description,
              quantity: '1',
              unitPriceCents: rng.int(p.cents[0], p.cents[1]),
              partNumber: p.partNumber,
            });
        const quotedAt = plus(working, 20 * MIN);
        const signedAt = plus(quotedAt, 5 * MIN);
        const completedAt = plus(working, rng.int(60, 180) * MIN);
        story.complete(completedAt);
        const paidAt = plus(completedAt, 5 * MIN);
        // Ratings rise over the year; reviews come a day later (none in the last few days).
        const reviewedAt = plus(completedAt, DAY);
        const p5 = 0.45 + 0.035 * month;
        const r = rng.next();
        const rating = r < p5 ? 5 : r < p5 + (1 - p5) * 0.7 ? 4 : 3;
        const reviewed = rng.next() < 0.5 && reviewedAt.getTime() < now.getTime() - 6 * DAY;
        jobs.push({
          story,
          spec,
          sale: {
            lines,
            quotedAt,
            signedAt,
            paidAt,
            method: rng.weighted(METHODS),
            review: reviewed
              ? {
                  rating,
                  comment: REVIEW_COMMENTS[rng.int(0, REVIEW_COMMENTS.length - 1)] ?? null,
                  at: reviewedAt,
                }
              : undefined,
          },
        });
        continue;
      }
      jobs.push({ story, spec });
    }
  }
  // Oldest first, so that document numbers grow with their dates.
  jobs.sort((a, b) => a.story.createdAt.getTime() - b.story.createdAt.getTime());

  // The requests, in one statement per chunk: identity ids follow the rows' order.
  const requestIds: number[] = [];
  for (const part of chunks(jobs)) {
    const rows = await tx
      .insert(serviceRequests)
      .values(
        part.map(({ story: s, spec }) => {
          const c = spec.customer;
          const loc = findLocation(spec.location)!;
          return {
            customerId: c.id,
            serviceType: spec.serviceType,
            description: composeServiceDescription({
              problem: spec.problem,
              vehicle: spec.vehicle,
              mileage: '',
            }),
            urgency: 'medium' as const,
            location: loc.name,
            latitude: loc.latitude,
            longitude: loc.longitude,
            contactName: `${c.firstName} ${c.lastName}`,
            contactEmail: c.email,
            contactPhone: c.phone,
            vehicleInfo: spec.vehicle,
            ...s.fields,
            status: s.status!,
            createdAt: s.createdAt,
            updatedAt: s.lastAt,
          };
        }),
      )
      .returning({ id: serviceRequests.id, createdAt: serviceRequests.createdAt });
    rows.forEach((row, i) => {
      if (row.createdAt.getTime() !== part[i]!.story.createdAt.getTime())
        throw new Error('Seed history: requests came back out of order');
      requestIds.push(row.id);
    });
  }
  const events = jobs.flatMap((j, i) =>
    j.story.events.map((e) => ({ ...e, serviceRequestId: requestIds[i]! })),
  );
  for (const part of chunks(events, 500)) await tx.insert(serviceRequestEvents).values(part);
  const notes = jobs.flatMap((j, i) =>
    j.story.notifications.map((n) => ({ ...n, serviceRequestId: requestIds[i]! })),
  );
  for (const part of chunks(notes, 500)) await tx.insert(jobNotifications).values(part);

  // The demo technician's paperwork for the jobs they completed.
  const sold = jobs
    .map((j, i) => ({ ...j, sale: j.sale!, requestId: requestIds[i]! }))
    .filter((j) => j.sale !== undefined);
  const [quoteNos, invoiceNos, receiptNos] = [
    await numbers(tx, 'quote', sold.length),
    await numbers(tx, 'invoice', sold.length),
    await numbers(tx, 'receipt', sold.length),
  ];
  // One after another: the queries share the transaction's one connection.
  const taxes: Awaited<ReturnType<typeof seedTax>>[] = [];
  for (const j of sold) taxes.push(await seedTax(tx, j.spec.location, j.sale.quotedAt));
  const made = sold.map((j, i) => {
    const tax = taxes[i]!;
    const totals = quoteTotals(j.sale.lines, tax.rates);
    const [year, make, ...model] = j.spec.vehicle.split(' ');
    const items = j.sale.lines.map((l, position) => ({
      position,
      type: l.type,
      description: l.description,
      quantity: String(l.quantity),
      unitPriceCents: l.unitPriceCents,
      totalPriceCents: totals.lineTotalsCents[position]!,
      partNumber: l.type === 'part' ? (l.partNumber ?? null) : null,
      laborHours: l.type === 'labor' ? (l.laborHours ?? null) : null,
    }));
    return {
      j,
      i,
      tax,
      totals,
      items,
      vehicle: { year: year!, make: make!, model: model.join(' ') },
    };
  });
  const quoteIds: number[] = [];
  for (const part of chunks(made)) {
    const rows = await tx
      .insert(quotes)
      .values(
        part.map(({ j, i, tax, totals, vehicle }) => ({
          quoteNumber: formatDocumentNumber(
            'quote',
            j.sale.quotedAt.getUTCFullYear(),
            quoteNos[i]!,
          ),
          technicianId: marcus.id,
          serviceRequestId: j.requestId,
          customerName: `${j.spec.customer.firstName} ${j.spec.customer.lastName}`,
          customerEmail: j.spec.customer.email,
          customerPhone: j.spec.customer.phone,
          vehicleYear: vehicle.year,
          vehicleMake: vehicle.make,
          vehicleModel: vehicle.model,
          ...tax.fields,
          laborTotalCents: totals.laborTotalCents,
          partsTotalCents: totals.partsTotalCents,
          taxAmountCents: totals.taxAmountCents,
          totalAmountCents: totals.totalAmountCents,
          status: 'approved' as const,
          signedAt: j.sale.signedAt,
          createdAt: j.sale.quotedAt,
          updatedAt: j.sale.signedAt,
        })),
      )
      .returning({ id: quotes.id });
    quoteIds.push(...rows.map((r) => r.id));
  }
  const items = made.flatMap((m, n) => m.items.map((it) => ({ ...it, quoteId: quoteIds[n]! })));
  for (const part of chunks(items, 500)) await tx.insert(quoteItems).values(part);

  const invoiceIds: number[] = [];
  for (const part of chunks(made)) {
    const rows = await tx
      .insert(invoices)
      .values(
        part.map(({ j, i, tax, totals, items: lines }) => ({
          invoiceNumber: formatDocumentNumber(
            'invoice',
            j.sale.paidAt.getUTCFullYear(),
            invoiceNos[i]!,
          ),
          quoteId: quoteIds[i]!,
          technicianId: marcus.id,
          serviceRequestId: j.requestId,
          customerName: `${j.spec.customer.firstName} ${j.spec.customer.lastName}`,
          customerEmail: j.spec.customer.email,
          customerPhone: j.spec.customer.phone,
          vehicleInfo: j.spec.vehicle,
          items: lines.map(({ position: _position, ...l }) => l),
          laborTotalCents: totals.laborTotalCents,
          partsTotalCents: totals.partsTotalCents,
          ...tax.fields,
          taxAmountCents: totals.taxAmountCents,
          totalAmountCents: totals.totalAmountCents,
          paidAmountCents: totals.totalAmountCents,
          status: 'paid' as const,
          paidAt: j.sale.paidAt,
          createdAt: plus(j.sale.paidAt, -2 * MIN),
          updatedAt: j.sale.paidAt,
        })),
      )
      .returning({ id: invoices.id });
    invoiceIds.push(...rows.map((r) => r.id));
  }
  for (const part of chunks(made))
    await tx.insert(invoicePayments).values(
      part.map(({ j, i, totals }) => ({
        invoiceId: invoiceIds[i]!,
        technicianId: marcus.id,
        method: j.sale.method,
        amountCents: totals.totalAmountCents,
        status: 'succeeded' as const,
        provider: j.sale.method === 'card' ? 'sandbox' : null,
        providerPaymentId:
          j.sale.method === 'card' ? `sbx_pay_demo_history_${invoiceIds[i]}` : null,
        idempotencyKey: `seed:history:${invoiceIds[i]}`,
        receiptNumber: formatDocumentNumber(
          'receipt',
          j.sale.paidAt.getUTCFullYear(),
          receiptNos[i]!,
        ),
        customerName: `${j.spec.customer.firstName} ${j.spec.customer.lastName}`,
        customerEmail: j.spec.customer.email,
        cardBrand: j.sale.method === 'card' ? 'VISA' : null,
        cardLast4: j.sale.method === 'card' ? '4242' : null,
        createdAt: j.sale.paidAt,
      })),
    );
  const reviewed = sold.filter((j) => j.sale.review);
  if (reviewed.length > 0)
    await tx.insert(reviews).values(
      reviewed.map((j) => ({
        technicianId: marcus.id,
        customerId: j.spec.customer.id,
        serviceRequestId: j.requestId,
        rating: j.sale.review!.rating,
        comment: j.sale.review!.comment,
        createdAt: j.sale.review!.at,
        updatedAt: j.sale.review!.at,
      })),
    );
  return { requests: jobs.length, completed: sold.length, reviews: reviewed.length };
}

/**
 * A visit at an hour a mobile mechanic works (8 AM to 5 PM on the service area's clock): a
 * night hour moves to that morning's 8 AM, an evening one back to 3 PM. A visit that moving
 * forward would put within 12 hours of `now` stays as it is (history is in the past).
 */
function daytime(at: Date, now: Date): Date {
  const { hour, minute, second } = serviceClock(at);
  const sinceHour = (minute * 60 + second) * 1000 + (at.getTime() % 1000);
  const top = at.getTime() - sinceHour;
  if (hour >= 8 && hour < 17) return new Date(top);
  const moved = hour < 8 ? top + (8 - hour) * HOUR : top - (hour - 15) * HOUR;
  return moved > now.getTime() - 12 * HOUR ? at : new Date(moved);
}
