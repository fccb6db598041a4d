import { eq, sql } from 'drizzle-orm';
import { findLocation, LOCATIONS } from '@shared/constants/locations';
import { hashPassword } from '../infra/password';
import type { Db } from '../db/client';
import { formatReference } from '@shared/service-request-rules';
import { nextNumber } from '../domain/document-numbers';
import {
  auditLog,
  contactMessages,
  locations,
  paymentConnections,
  payments,
  plans,
  reviews,
  subscriptions,
  technicianApplications,
  technicians,
  users,
  verifications,
} from '../db/schema';
import { CONTACT_MESSAGES, DEMO_PASSWORD, PLANS, REVIEW_COMMENTS, TECHNICIANS } from './seed-data';
import { seedHistory } from './seed-history';
import { seedJobs, type SeedTech } from './seed-jobs';

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Demo data for a local instance: locations and plans (kept up to
 * date), and on first run the demo accounts, technicians, reviews, credentials, payments, jobs
 * in every state (seed-jobs.ts), vehicles, Contact Us messages and the admin's audit trail.
 * Running it again changes nothing (the demo admin account marks a seeded database).
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
        phone: '+13015550100',
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
        phone: '+13015550199',
      })
      .returning();
    await tx.insert(users).values({
      username: 'pending.tech',
      email: 'pending.tech@example.com',
      role: 'technician',
      status: 'pending',
      firstName: 'Jordan',
      lastName: 'Reyes',
      phone: '+13015550177',
      createdAt: new Date(now.getTime() - 2 * DAY),
    });

    // Technicians, each with its own user; the first belongs to the demo `technician` account.
    const techIds: number[] = [];
    const seedTechs: SeedTech[] = [];
    const audits: Omit<typeof auditLog.$inferInsert, 'actorUserId'>[] = [];
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
      // The demo technician takes cards on a sandbox seller account of their own (ADR 030);
      // the other demo technicians have not connected one and take cash, checks and others.
      if (isDemo)
        await tx.insert(paymentConnections).values({
          technicianId: tech!.id,
          provider: 'sandbox',
          merchantId: 'sbx_merchant_demo',
          locationId: 'SBX-LOC-MAIN',
          scopes: 'PAYMENTS_READ PAYMENTS_WRITE',
          connectedAt: u!.createdAt,
        });
      seedTechs.push({
        id: tech!.id,
        userId: u!.id,
        username: t.username,
        latitude: tech!.latitude,
        longitude: tech!.longitude,
        hourlyRateCents: tech!.hourlyRateCents,
      });
      // The newest technicians were approved by the admin from the pending queue.
      if (i >= TECHNICIANS.length - 2)
        audits.push({
          action: 'user.approve',
          entityType: 'user',
          entityId: String(u!.id),
          details: { from: 'pending', to: 'approved' },
          createdAt: new Date(u!.createdAt.getTime() + DAY),
        });
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

    // Credentials (ADR 033): every verified record carries how the admin checked it (the
    // registry and the reference). Most technicians hold a verified license and insurance
    // (certified); some expire soon; one's insurance is still in review (listed as new, no
    // leads). Every listed certification is a record of its own, verified but for the demo
    // technician's first (pending: shown to them only) and one rejected; one technician keeps an
    // old rejected insurance beside a verified one, which blocks nothing.
    const verifiedBy = (at: Date, registry: string, reference: string) => ({
      verificationStatus: 'verified' as const,
      verifiedAt: at,
      verifiedBy: 'Avery Admin',
      verifiedByUserId: admin!.id,
      checkedRegistry: registry,
      checkedReference: reference,
    });
    for (const [i, techId] of techIds.entries()) {
      const t = TECHNICIANS[i]!;
      const issued = new Date(now.getTime() - (300 + i * 10) * DAY);
      const expiringSoon = i === 2 || i === 5 || i === 8;
      const licenseExpiry = new Date(now.getTime() + (expiringSoon ? 12 + i : 400 + i * 15) * DAY);
      const state = findLocation(t.location)!.state;
      const licenseNumber = `${state}-${(4_120_000 + i * 7919).toString()}`;
      const insurer = ['State Farm', 'Progressive Commercial', 'The Hartford', 'Nationwide'][
        i % 4
      ]!;
      const policy = `GL-${(880_000 + i * 131).toString()}`;
      const insuranceInReview = i === 6;
      if (i === 9)
        await tx.insert(verifications).values({
          technicianId: techId,
          verificationType: 'insurance',
          credentialName: 'General Liability Insurance',
          issuingOrganization: 'Acme Mutual',
          credentialNumber: 'GL-000417',
          issueDate: isoDate(new Date(issued.getTime() - 30 * DAY)),
          verificationStatus: 'rejected',
          notes: 'The certificate names another business. Please upload the one in your name.',
          verifiedBy: 'Avery Admin',
          verifiedByUserId: admin!.id,
          createdAt: new Date(issued.getTime() - 30 * DAY),
        });
      await tx.insert(verifications).values([
        {
          technicianId: techId,
          verificationType: 'license',
          credentialName: `${state === 'DC' ? 'District of Columbia' : 'Maryland'} Driver's License`,
          issuingOrganization: state === 'DC' ? 'DC DMV' : 'Maryland MVA',
          credentialNumber: licenseNumber,
          issueDate: isoDate(issued),
          expirationDate: isoDate(licenseExpiry),
          ...verifiedBy(
            new Date(issued.getTime() + 3 * DAY),
            state === 'DC'
              ? 'DC DMV driver license verification'
              : 'Maryland MVA driver license lookup',
            licenseNumber,
          ),
          createdAt: issued,
        },
        {
          technicianId: techId,
          verificationType: 'insurance',
          credentialName: 'General Liability Insurance',
          issuingOrganization: insurer,
          credentialNumber: policy,
          issueDate: isoDate(issued),
          expirationDate: isoDate(new Date(now.getTime() + (200 + i * 9) * DAY)),
          ...(insuranceInReview
            ? { verificationStatus: 'pending' as const }
            : verifiedBy(
                new Date(issued.getTime() + 4 * DAY),
                `${insurer} policy verification line`,
                policy,
              )),
          createdAt: issued,
        },
      ]);
      for (const [k, name] of t.certifications.entries()) {
        const status =
          k > 0 ? 'verified' : i === 0 ? 'pending' : i === 11 ? 'rejected' : 'verified';
        const reviewedAt = new Date(now.getTime() - (status === 'rejected' ? 2 : 30 + k) * DAY);
        const aseId = `${name.startsWith('EPA') ? 'EPA609' : 'ASE'}-${(1_000_000 + i * 4243 + k).toString()}`;
        const [cert] = await tx
          .insert(verifications)
          .values({
            technicianId: techId,
            verificationType: 'certification',
            credentialName: name,
            issuingOrganization: name.startsWith('EPA')
              ? 'U.S. Environmental Protection Agency (EPA)'
              : 'National Institute for Automotive Service Excellence (ASE)',
            credentialNumber: aseId,
            issueDate: isoDate(new Date(now.getTime() - (700 + i + k) * DAY)),
            expirationDate: isoDate(new Date(now.getTime() + (500 + i * 11 + k) * DAY)),
            ...(status === 'verified'
              ? verifiedBy(
                  reviewedAt,
                  name.startsWith('EPA')
                    ? 'EPA Section 609 certified technician lookup'
                    : 'ASE certification verification (ase.com)',
                  aseId,
                )
              : { verificationStatus: status }),
            notes:
              status === 'rejected'
                ? 'Certificate number does not match ASE records. Please upload a clear copy.'
                : null,
            ...(status === 'rejected'
              ? { verifiedBy: 'Avery Admin', verifiedByUserId: admin!.id }
              : {}),
            createdAt: new Date(now.getTime() - (40 - k) * DAY),
          })
          .returning({ id: verifications.id });
        if (status !== 'pending')
          audits.push({
            action: 'verification.status',
            entityType: 'verification',
            entityId: String(cert!.id),
            details: { from: 'pending', to: status },
            createdAt: reviewedAt,
          });
      }
    }

    // Subscriptions and payments: the demo technician is on Professional with a history.
    const periodStart = new Date(now.getTime() - 10 * DAY);
    const periodEnd = new Date(now.getTime() + 20 * DAY);
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
          createdAt: new Date(now.getTime() - 370 * DAY),
        })
        .returning();
      return { sub: sub!, plan };
    };
    const pro = await subscribe(demoTechId, 'Professional');
    const history: {
      daysAgo: number;
      status: 'succeeded' | 'failed';
      failure?: string;
    }[] = [
      // A year of monthly payments: the history runs to more than one page.
      ...[370, 340, 310, 280, 250, 220, 190, 160, 130].map((daysAgo) => ({
        daysAgo,
        status: 'succeeded' as const,
      })),
      { daysAgo: 100, status: 'failed', failure: 'Card declined' },
      { daysAgo: 99, status: 'succeeded' },
      { daysAgo: 70, status: 'succeeded' },
      { daysAgo: 40, status: 'succeeded' },
      // Settled, as the sandbox would have it: a seeded 'processing' charge is one the sandbox
      // never took, so the reconciliation sweep would fail it after the first start.
      { daysAgo: 10, status: 'succeeded' },
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
        // A receipt for a charge that went through only (ADR 032).
        receiptNumber:
          h.status === 'succeeded'
            ? await nextNumber(tx, 'receipt', new Date(now.getTime() - h.daysAgo * DAY))
            : null,
        createdAt: new Date(now.getTime() - h.daysAgo * DAY),
      });
    }
    // Leads need a plan (ADR 014): most demo technicians have one; robert.king (10) and
    // grace.kim (13) have none, so they are listed and contactable but get no job leads.
    for (const [idx, planName] of [
      [1, 'Premium'],
      [2, 'Basic'],
      [3, 'Basic'],
      [4, 'Premium'],
      [5, 'Professional'],
      [6, 'Basic'],
      [7, 'Basic'],
      [8, 'Premium'],
      [9, 'Basic'],
      [11, 'Professional'],
      [12, 'Basic'],
      // Northern Virginia.
      [14, 'Basic'],
      [15, 'Basic'],
      [16, 'Basic'],
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
        receiptNumber: await nextNumber(tx, 'receipt', new Date(now.getTime() - (3 + idx) * DAY)),
        createdAt: new Date(now.getTime() - (3 + idx) * DAY),
      });
    }

    // A year of the demo technician's work (analytics, fair prices), then the recent jobs:
    // requests in every state with their timelines, notifications, quotes, invoices, receipts
    // and a review; the demo customer's vehicles.
    await seedHistory(tx, { now, techs: seedTechs });
    const jobs = await seedJobs(tx, { now, admin: admin!, customer: customer!, techs: seedTechs });

    // Ratings follow from every review, the seed's history and the jobs' reviews alike.
    await tx.execute(sql`
      update technicians t
         set rating = r.avg, total_reviews = r.n
        from (select technician_id, round(avg(rating), 2) as avg, count(*)::int as n
                from reviews group by technician_id) r
       where t.id = r.technician_id`);

    // Contact Us messages in the admin's inbox, one already handled.
    for (const m of CONTACT_MESSAGES) {
      const createdAt = new Date(now.getTime() - m.hoursAgo * 3600_000);
      const handledAt = m.handled ? new Date(createdAt.getTime() + 20 * 3600_000) : null;
      const [row] = await tx
        .insert(contactMessages)
        .values({
          name: m.name,
          email: m.email,
          phone: m.phone,
          subject: m.subject,
          message: m.message,
          handledAt,
          handledBy: handledAt ? admin!.id : null,
          createdAt,
        })
        .returning();
      if (handledAt)
        audits.push({
          action: 'contact_message.handled',
          entityType: 'contact_message',
          entityId: String(row!.id),
          details: { subject: m.subject, from: m.email },
          createdAt: handledAt,
        });
    }
    audits.push({
      action: 'service_request.cancel',
      entityType: 'service_request',
      entityId: formatReference(jobs.monicaRequest.id),
      details: {
        from: 'dispatching',
        to: 'canceled',
        reason: jobs.adminCancelReason,
      },
      createdAt: jobs.monicaCanceledAt,
    });
    // The admin's activity: approvals, credential reviews, a canceled request, a message.
    await tx.insert(auditLog).values(audits.map((a) => ({ ...a, actorUserId: admin!.id })));

    await tx.insert(technicianApplications).values({
      firstName: 'Danielle',
      lastName: 'Foster',
      email: 'danielle.foster@example.com',
      phone: '+13015550166',
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
