import { eq, sql } from 'drizzle-orm';
import { findLocation, LOCATIONS } from '../../shared/constants/locations';
import { hashPassword } from '../lib/password';
import type { Db } from './client';
import {
  jobNotifications,
  locations,
  payments,
  plans,
  reviews,
  serviceRequests,
  software,
  subscriptions,
  technicianApplications,
  technicians,
  users,
  verifications,
} from './schema';
import { DEMO_PASSWORD, PLANS, REVIEW_COMMENTS, SOFTWARE, TECHNICIANS } from './seed-data';

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Demo data for a local instance: locations, plans and the software catalogue (kept up to
 * date), and on first run the demo accounts, technicians, reviews, credentials, requests and
 * payments. Running it again changes nothing.
 */
export async function seedDemoData(db: Db, now: Date = new Date()): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    await tx
      .insert(locations)
      .values(
        LOCATIONS.map((l) => ({
          name: l.name,
          city: l.city,
          state: l.state,
          zipCode: l.zip,
          latitude: l.latitude,
          longitude: l.longitude,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(plans)
      .values(PLANS.map((p) => ({ ...p, features: [...p.features] })))
      .onConflictDoNothing();
    await tx
      .insert(software)
      .values(SOFTWARE.map((s) => ({ ...s, downloadUrl: `/api/software/${s.slug}/download` })))
      .onConflictDoNothing();

    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, 'admin'))
      .limit(1);
    if (existing) return { created: false };

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const locationIds = new Map((await tx.select().from(locations)).map((l) => [l.name, l.id]));
    const planIds = new Map((await tx.select().from(plans)).map((p) => [p.name, p]));

    const [admin] = await tx
      .insert(users)
      .values({
        username: 'admin',
        email: 'admin@wrenchly.com',
        passwordHash,
        role: 'admin',
        status: 'approved',
        firstName: 'Avery',
        lastName: 'Admin',
        phone: '(301) 555-0100',
      })
      .returning();
    const [customer] = await tx
      .insert(users)
      .values({
        username: 'customer',
        email: 'customer@wrenchly.com',
        passwordHash,
        role: 'customer',
        status: 'approved',
        firstName: 'Casey',
        lastName: 'Customer',
        phone: '(301) 555-0199',
      })
      .returning();
    await tx.insert(users).values({
      username: 'pending.tech',
      email: 'pending.tech@example.com',
      role: 'technician',
      status: 'pending',
      firstName: 'Jordan',
      lastName: 'Reyes',
      phone: '(301) 555-0177',
      createdAt: new Date(now.getTime() - 2 * DAY),
    });

    // Technicians, each with its own user; the first belongs to the demo `technician` account.
    const techIds: number[] = [];
    for (const [i, t] of TECHNICIANS.entries()) {
      const isDemo = t.username === 'technician';
      const [u] = await tx
        .insert(users)
        .values({
          username: t.username,
          email: isDemo ? 'technician@wrenchly.com' : `${t.username}@example.com`,
          passwordHash: isDemo ? passwordHash : null,
          role: 'technician',
          status: 'approved',
          firstName: t.firstName,
          lastName: t.lastName,
          phone: t.phone,
          createdAt: new Date(now.getTime() - (400 - i * 20) * DAY),
        })
        .returning();
      const loc = findLocation(t.location)!;
      const ratings = t.ratings;
      const avg = ratings.reduce((a, b) => a + b, 0) / ratings.length;
      // Spread technicians around their town's centre (within about a mile).
      const jitter = ((i % 5) - 2) * 0.004;
      const [tech] = await tx
        .insert(technicians)
        .values({
          userId: u!.id,
          location: loc.name,
          locationId: locationIds.get(loc.name),
          zipCode: loc.zip,
          latitude: loc.latitude + jitter,
          longitude: loc.longitude - jitter,
          serviceRadiusMiles: t.radius,
          yearsExperience: t.years,
          hourlyRateCents: t.rateDollars * 100,
          bio: t.bio,
          certifications: t.certifications,
          specialties: t.specialties,
          isAvailable: t.available,
          rating: avg.toFixed(2),
          totalReviews: ratings.length,
          completedJobs: t.completedJobs,
          createdAt: u!.createdAt,
        })
        .returning();
      techIds.push(tech!.id);
      await tx.insert(reviews).values(
        ratings.map((rating, j) => ({
          technicianId: tech!.id,
          customerId: j === 0 ? customer!.id : null,
          rating,
          comment: REVIEW_COMMENTS[(i + j) % REVIEW_COMMENTS.length] ?? null,
          createdAt: new Date(now.getTime() - (5 + j * 37 + i * 3) * DAY),
        })),
      );
    }
    const demoTechId = techIds[0]!;

    // Credentials: license and insurance verified for most; some expiring soon, some pending.
    for (const [i, techId] of techIds.entries()) {
      const t = TECHNICIANS[i]!;
      const issued = new Date(now.getTime() - (300 + i * 10) * DAY);
      const expiringSoon = i === 2 || i === 5 || i === 8;
      const licenseExpiry = new Date(now.getTime() + (expiringSoon ? 12 + i : 400 + i * 15) * DAY);
      const state = findLocation(t.location)!.state;
      await tx.insert(verifications).values([
        {
          technicianId: techId,
          verificationType: 'license',
          credentialName: `${state === 'DC' ? 'District of Columbia' : 'Maryland'} Driver's License`,
          issuingOrganization: state === 'DC' ? 'DC DMV' : 'Maryland MVA',
          credentialNumber: `${state}-${(4_120_000 + i * 7919).toString()}`,
          issueDate: isoDate(issued),
          expirationDate: isoDate(licenseExpiry),
          verificationStatus: 'verified',
          verifiedAt: new Date(issued.getTime() + 3 * DAY),
          verifiedBy: 'Avery Admin',
          verifiedByUserId: admin!.id,
        },
        {
          technicianId: techId,
          verificationType: 'insurance',
          credentialName: 'General Liability Insurance',
          issuingOrganization: [
            'State Farm',
            'Progressive Commercial',
            'The Hartford',
            'Nationwide',
          ][i % 4]!,
          credentialNumber: `GL-${(880_000 + i * 131).toString()}`,
          issueDate: isoDate(issued),
          expirationDate: isoDate(new Date(now.getTime() + (200 + i * 9) * DAY)),
          verificationStatus: i === 6 ? 'pending' : 'verified',
          verifiedAt: i === 6 ? null : new Date(issued.getTime() + 4 * DAY),
          verifiedBy: i === 6 ? null : 'Avery Admin',
          verifiedByUserId: i === 6 ? null : admin!.id,
        },
      ]);
      if (t.certifications[0]) {
        await tx.insert(verifications).values({
          technicianId: techId,
          verificationType: 'certification',
          credentialName: t.certifications[0],
          issuingOrganization: 'National Institute for Automotive Service Excellence (ASE)',
          credentialNumber: `ASE-${(1_000_000 + i * 4243).toString()}`,
          issueDate: isoDate(new Date(now.getTime() - (700 + i) * DAY)),
          expirationDate: isoDate(new Date(now.getTime() + (500 + i * 11) * DAY)),
          verificationStatus: i === 0 ? 'pending' : i === 11 ? 'rejected' : 'verified',
          notes:
            i === 11
              ? 'Certificate number does not match ASE records. Please upload a clear copy.'
              : null,
          verifiedAt: i === 0 || i === 11 ? null : new Date(now.getTime() - 30 * DAY),
          verifiedBy: i === 0 || i === 11 ? null : 'Avery Admin',
        });
      }
    }

    // Subscriptions and payments: the demo technician is on Professional with a history.
    const periodStart = new Date(now.getTime() - 10 * DAY);
    const periodEnd = new Date(now.getTime() + 20 * DAY);
    let receipt = 0;
    const receiptNumber = () =>
      `RCPT-${now.getUTCFullYear()}-${String(100_000 + ++receipt).padStart(6, '0')}`;
    const subscribe = async (techId: number, planName: string) => {
      const plan = planIds.get(planName)!;
      const [sub] = await tx
        .insert(subscriptions)
        .values({
          technicianId: techId,
          planId: plan.id,
          status: 'active',
          provider: 'sandbox',
          providerCustomerId: `sbx_cust_demo_${techId}`,
          paymentMethodRef: `sbx_card_ok_demo_${techId}`,
          currentPeriodStart: periodStart,
          currentPeriodEnd: periodEnd,
          createdAt: new Date(now.getTime() - 160 * DAY),
        })
        .returning();
      return { sub: sub!, plan };
    };
    const pro = await subscribe(demoTechId, 'Professional');
    const history: {
      daysAgo: number;
      status: 'succeeded' | 'failed' | 'processing';
      failure?: string;
    }[] = [
      { daysAgo: 160, status: 'succeeded' },
      { daysAgo: 130, status: 'succeeded' },
      { daysAgo: 100, status: 'failed', failure: 'Card declined' },
      { daysAgo: 99, status: 'succeeded' },
      { daysAgo: 70, status: 'succeeded' },
      { daysAgo: 40, status: 'succeeded' },
      { daysAgo: 10, status: 'processing' },
    ];
    for (const h of history) {
      await tx.insert(payments).values({
        technicianId: demoTechId,
        subscriptionId: pro.sub.id,
        planId: pro.plan.id,
        amountCents: pro.plan.priceCents,
        description: 'Professional plan - monthly subscription',
        status: h.status,
        provider: 'sandbox',
        providerPaymentId: `sbx_pay_demo_${demoTechId}_${h.daysAgo}`,
        idempotencyKey: `demo-${demoTechId}-${h.daysAgo}`,
        failureMessage: h.failure ?? null,
        receiptNumber: receiptNumber(),
        createdAt: new Date(now.getTime() - h.daysAgo * DAY),
      });
    }
    for (const [idx, planName] of [
      [1, 'Premium'],
      [3, 'Basic'],
      [4, 'Premium'],
      [7, 'Basic'],
    ] as const) {
      const techId = techIds[idx]!;
      const { sub, plan } = await subscribe(techId, planName);
      await tx.insert(payments).values({
        technicianId: techId,
        subscriptionId: sub.id,
        planId: plan.id,
        amountCents: plan.priceCents,
        description: `${planName} plan - monthly subscription`,
        status: 'succeeded',
        provider: 'sandbox',
        providerPaymentId: `sbx_pay_demo_${techId}`,
        idempotencyKey: `demo-${techId}`,
        receiptNumber: receiptNumber(),
        createdAt: new Date(now.getTime() - (3 + idx) * DAY),
      });
    }

    // Service requests: some completed, some open (from guests and the demo customer).
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
    const g1 = await guest('Natalie Brooks', 'natalie.brooks@example.com', '(240) 555-0131');
    const g2 = await guest('Samuel Ortiz', 'samuel.ortiz@example.com', '(202) 555-0144');
    const describe = (
      problem: string,
      c: { firstName: string; lastName: string; email: string; phone: string | null },
      vehicle: string,
      mileage: string,
    ) =>
      [
        problem,
        '',
        `Customer: ${c.firstName} ${c.lastName}`,
        `Email: ${c.email}`,
        `Phone: ${c.phone ?? 'Not specified'}`,
        `Vehicle: ${vehicle}`,
        `Mileage: ${mileage || 'Not specified'}`,
      ].join('\n');
    const requests = [
      {
        c: customer!,
        type: 'Brake Service',
        urgency: 'medium',
        loc: 'Hyattsville, MD',
        vehicle: '2018 Honda Civic',
        mileage: '64,200',
        problem: 'Front brakes squeal and the pedal feels soft.',
        status: 'completed',
        tech: 0,
        days: 45,
      },
      {
        c: g1,
        type: 'Oil Change',
        urgency: 'low',
        loc: 'Waldorf, MD',
        vehicle: '2020 Toyota RAV4',
        mileage: '31,000',
        problem: 'Oil change and tire rotation due.',
        status: 'completed',
        tech: 2,
        days: 30,
      },
      {
        c: g2,
        type: 'AC Repair',
        urgency: 'high',
        loc: 'Washington, DC',
        vehicle: '2016 Ford Escape',
        mileage: '',
        problem: 'AC blows warm air since last week.',
        status: 'completed',
        tech: 3,
        days: 12,
      },
      {
        c: customer!,
        type: 'Diagnostics',
        urgency: 'high',
        loc: 'Hyattsville, MD',
        vehicle: '2015 Nissan Altima',
        mileage: '98,500',
        problem: 'Check engine light is on and the engine hesitates when accelerating.',
        status: 'dispatching',
        tech: null,
        days: 0,
      },
      {
        c: g1,
        type: 'Electrical',
        urgency: 'medium',
        loc: 'Bowie, MD',
        vehicle: '2019 Chevrolet Malibu',
        mileage: '',
        problem: 'Battery keeps dying overnight.',
        status: 'dispatching',
        tech: null,
        days: 1,
      },
    ] as const;
    for (const r of requests) {
      const loc = findLocation(r.loc)!;
      const created = new Date(now.getTime() - r.days * DAY - 3600_000);
      const [sr] = await tx
        .insert(serviceRequests)
        .values({
          customerId: r.c.id,
          serviceType: r.type,
          description: describe(r.problem, r.c, r.vehicle, r.mileage),
          urgency: r.urgency,
          location: loc.name,
          latitude: loc.latitude,
          longitude: loc.longitude,
          contactName: `${r.c.firstName} ${r.c.lastName}`,
          contactEmail: r.c.email,
          contactPhone: r.c.phone,
          vehicleInfo: r.vehicle,
          status: r.status,
          assignedTechnicianId: r.tech === null ? null : techIds[r.tech]!,
          assignedAt: r.tech === null ? null : new Date(created.getTime() + 10 * 60_000),
          completedAt: r.status === 'completed' ? new Date(created.getTime() + 2 * DAY) : null,
          dispatchRound: 1,
          createdAt: created,
        })
        .returning();
      if (r.tech !== null) {
        await tx.insert(jobNotifications).values({
          serviceRequestId: sr!.id,
          technicianId: techIds[r.tech]!,
          status: 'accepted',
          round: 1,
          distanceMiles: 1.2,
          expiresAt: new Date(created.getTime() + 5 * 60_000),
          respondedAt: new Date(created.getTime() + 2 * 60_000),
          createdAt: created,
        });
      }
    }

    await tx.insert(technicianApplications).values({
      firstName: 'Danielle',
      lastName: 'Foster',
      email: 'danielle.foster@example.com',
      phone: '(301) 555-0166',
      address: '4512 Queensbury Road',
      city: 'Riverdale',
      state: 'MD',
      zipCode: '20737',
      yearsExperience: 6,
      specialties: ['Brakes', 'Suspension', 'Tire Service'],
      hourlyRateCents: 8000,
      bio: 'Six years at an independent shop in College Park; now building my own mobile brake and suspension business.',
      createdAt: new Date(now.getTime() - DAY),
    });
    return { created: true };
  });
}
