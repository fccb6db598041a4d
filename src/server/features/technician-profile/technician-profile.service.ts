import type { FastifyInstance } from 'fastify';
import zipcodes from 'zipcodes';
import { findLocation } from '@shared/constants/locations';
import { centsToDecimal, toCents } from '@shared/money';
import type { OwnProfile, updateProfileSchema } from '@shared/schemas/profile';
import { AppError } from '../../infra/app-error';
import { readOrNotFound } from '../../infra/storage';
import { attachDocument } from '../../domain/documents';
import {
  adviceFor,
  credentialStandings,
  credentialsToday,
  effectiveStatus,
} from '../../domain/credentials';
import { acceptedJobsBetween, technicianPlan } from '../../domain/entitlements';
import type { z } from 'zod';
import * as q from './technician-profile.queries';

/** Images a browser shows everywhere (HEIC is accepted for documents, not for photos). */
const PHOTO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** The public address of a technician's photo; the document id makes it cacheable forever. */
export const profilePhotoPath = (technicianId: number, documentId: number) =>
  `/api/technicians/${technicianId}/photo/${documentId}`;

export function createTechnicianProfileService(app: FastifyInstance) {
  async function load(technicianId: number): Promise<OwnProfile> {
    const row = await q.findTechnicianWithUser(app.db, technicianId);
    if (!row) throw new AppError(404, 'Technician not found');
    const { t, u } = row;
    const now = app.clock();
    const [{ standings }, certificationRows, plan] = await Promise.all([
      credentialStandings(app.db, technicianId, now),
      q.certificationRecords(app.db, technicianId),
      technicianPlan(app.db, technicianId, now),
    ]);
    // Current verified certifications (what the public sees) and those waiting for review.
    const today = credentialsToday(now);
    const certificationsThat = (status: 'verified' | 'pending') => [
      ...new Set(
        certificationRows.filter((r) => effectiveStatus(r, today) === status).map((r) => r.name),
      ),
    ];
    // Everything that keeps job notifications from this technician, each with its remedy.
    const blockers: string[] = [];
    if (u.status === 'pending')
      blockers.push('Your account is awaiting approval by our admin team.');
    if (u.status === 'suspended')
      blockers.push('Your account is suspended. Please contact support.');
    if (!t.isAvailable) blockers.push('You are marked as unavailable.');
    if (t.specialties.length === 0) blockers.push('Add at least one specialty.');
    if (t.hourlyRateCents < 1000) blockers.push('Set your hourly rate.');
    // The best record of each kind decides (ADR 033): a rejected or expired one beside a
    // current verified one blocks nothing.
    for (const s of standings) {
      const advice = adviceFor(s);
      if (advice) blockers.push(advice);
    }
    if (!plan.leads)
      blockers.push(
        'Your plan does not include job leads. Choose a plan under Subscription Plans to receive them.',
      );
    else if (plan.monthlyJobCap !== null && plan.period) {
      const taken = await acceptedJobsBetween(
        app.db,
        technicianId,
        plan.period.start,
        plan.period.end,
      );
      if (taken >= plan.monthlyJobCap)
        blockers.push(
          `You have accepted the ${plan.monthlyJobCap} jobs your ${plan.tier} plan includes this billing period. Upgrade under Subscription Plans to receive more before it renews.`,
        );
    }
    return {
      id: t.id,
      status: u.status,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: u.phone,
      location: t.location,
      zipCode: t.zipCode,
      serviceRadiusMiles: t.serviceRadiusMiles,
      yearsExperience: t.yearsExperience,
      hourlyRate: centsToDecimal(t.hourlyRateCents),
      bio: t.bio,
      profileImage: t.profileImage,
      certifications: certificationsThat('verified'),
      pendingCertifications: certificationsThat('pending'),
      certified: standings.every((s) => s.state === 'verified'),
      specialties: t.specialties,
      isAvailable: t.isAvailable,
      rating: t.rating,
      totalReviews: t.totalReviews,
      dispatchBlockers: blockers,
      startingPrices: t.startingPrices,
      warranty: { months: t.warrantyMonths, miles: t.warrantyMiles },
    };
  }

  return {
    get: load,

    /** The technician's current photo, if `documentId` is it. */
    async openPhoto(technicianId: number, documentId: number) {
      const row = await q.findPhoto(app.db, technicianId, documentId);
      if (!row || row.profileImage !== profilePhotoPath(technicianId, documentId))
        throw new AppError(404, 'Photo not found');
      return {
        contentType: row.doc.contentType!,
        stream: await readOrNotFound(app.storage, row.doc.storageKey, 'Photo not found'),
      };
    },

    async update(technicianId: number, input: z.output<typeof updateProfileSchema>) {
      const set: q.TechnicianChanges = {};
      if (input.isAvailable !== undefined) set.isAvailable = input.isAvailable;
      if (input.hourlyRate !== undefined) set.hourlyRateCents = toCents(input.hourlyRate);
      if (input.bio !== undefined) set.bio = input.bio || null;
      if (input.specialties !== undefined) set.specialties = [...new Set(input.specialties)];
      if (input.startingPrices !== undefined) {
        // A price for a service the technician does not offer would be a promise they cannot keep.
        const offered =
          set.specialties ?? (await q.findTechnicianSpecialties(app.db, technicianId)) ?? [];
        const stray = input.startingPrices.find((p) => !offered.includes(p.serviceType));
        if (stray)
          throw new AppError(
            400,
            `Add ${stray.serviceType} to your specialties before publishing a price for it`,
            [{ path: 'startingPrices', message: `You do not offer ${stray.serviceType}` }],
          );
        set.startingPrices = input.startingPrices;
      }
      if (input.serviceRadiusMiles !== undefined) set.serviceRadiusMiles = input.serviceRadiusMiles;
      if (input.yearsExperience !== undefined) set.yearsExperience = input.yearsExperience;
      if (input.warrantyMonths !== undefined) set.warrantyMonths = input.warrantyMonths;
      if (input.warrantyMiles !== undefined) set.warrantyMiles = input.warrantyMiles;
      if (input.profilePhotoDocumentId === null) set.profileImage = null;
      if (input.location) {
        const loc = findLocation(input.location)!;
        Object.assign(set, {
          location: loc.name,
          zipCode: loc.zip,
          latitude: loc.latitude,
          longitude: loc.longitude,
        });
      } else if (input.zipCode) {
        const z = zipcodes.lookup(input.zipCode);
        if (!z) throw new AppError(400, `Unknown ZIP code: ${input.zipCode}`);
        Object.assign(set, {
          location: `${z.city}, ${z.state}`,
          zipCode: z.zip,
          latitude: z.latitude,
          longitude: z.longitude,
          locationId: null,
        });
      }
      await app.db.transaction(async (tx) => {
        if (input.profilePhotoDocumentId) {
          const owner = await q.findTechnicianUserId(tx, technicianId);
          const documentId = await attachDocument(tx, app.storage, input.profilePhotoDocumentId, {
            kind: 'profilePhoto',
            ownerUserId: owner!.userId,
            now: app.clock(),
          });
          const contentType = await q.findDocumentContentType(tx, documentId);
          if (!PHOTO_TYPES.has(contentType ?? ''))
            throw new AppError(400, 'Profile photo must be a PNG, JPEG or WebP image');
          set.profileImage = profilePhotoPath(technicianId, documentId);
        }
        if (Object.keys(set).length > 0) {
          await q.updateTechnician(tx, technicianId, set);
        }
        if (input.phone !== undefined) {
          const t = await q.findTechnicianUserId(tx, technicianId);
          await q.setUserPhone(tx, t!.userId, input.phone || null);
        }
      });
      return load(technicianId);
    },
  };
}
