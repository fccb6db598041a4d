import type { FastifyInstance } from 'fastify';
import zipcodes from 'zipcodes';
import { findLocation } from '@shared/constants/locations';
import { centsToDecimal, toCents } from '@shared/money';
import type { OwnProfile, updateProfileSchema } from '@shared/schemas/profile';
import { AppError } from '../../infra/app-error';
import { attachDocument } from '../../domain/documents';
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
    const today = app.clock().toISOString().slice(0, 10);
    const bad = await q.failedOrExpiredVerifications(app.db, technicianId, today);
    const blockers: string[] = [];
    if (u.status === 'pending')
      blockers.push('Your account is awaiting approval by our admin team.');
    if (u.status === 'suspended')
      blockers.push('Your account is suspended. Please contact support.');
    if (!t.isAvailable) blockers.push('You are marked as unavailable.');
    if (t.specialties.length === 0) blockers.push('Add at least one specialty.');
    if (t.hourlyRateCents < 1000) blockers.push('Set your hourly rate.');
    for (const v of bad) {
      const what = v.type === 'license' ? 'license' : 'insurance';
      blockers.push(
        v.status === 'rejected'
          ? `Your ${what} verification was rejected. Add a valid ${what} to receive jobs.`
          : `Your ${what} has expired. Add a current ${what} to receive jobs.`,
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
      certifications: t.certifications,
      specialties: t.specialties,
      isAvailable: t.isAvailable,
      rating: t.rating,
      totalReviews: t.totalReviews,
      dispatchBlockers: blockers,
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
        stream: await app.storage.read(row.doc.storageKey),
      };
    },

    async update(technicianId: number, input: z.output<typeof updateProfileSchema>) {
      const set: q.TechnicianChanges = {};
      if (input.isAvailable !== undefined) set.isAvailable = input.isAvailable;
      if (input.hourlyRate !== undefined) set.hourlyRateCents = toCents(input.hourlyRate);
      if (input.bio !== undefined) set.bio = input.bio || null;
      if (input.specialties !== undefined) set.specialties = [...new Set(input.specialties)];
      if (input.certifications !== undefined)
        set.certifications = [...new Set(input.certifications)];
      if (input.serviceRadiusMiles !== undefined) set.serviceRadiusMiles = input.serviceRadiusMiles;
      if (input.yearsExperience !== undefined) set.yearsExperience = input.yearsExperience;
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
