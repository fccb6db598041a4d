import type { FastifyInstance } from 'fastify';
import zipcodes from 'zipcodes';
import type { z } from 'zod';
import { DEFAULT_SERVICE_RADIUS_MILES } from '@shared/constants/locations';
import { specialtyToServiceType } from '@shared/constants/service-types';
import { toCents } from '@shared/money';
import {
  APPLICATION_DOCUMENT_SLOTS,
  APPLICATION_RECEIVED_MESSAGE,
  missingDocumentsMessage,
  type ApplicationDetail,
  type technicianApplicationSchema,
} from '@shared/schemas/applications';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../infra/app-error';
import { audit } from '../../domain/audit';
import { isUniqueViolation } from '../../infra/db-errors';
import { attachDocument, documentLink } from '../../domain/documents';
import { hashToken, newToken, type SessionUser } from '../../infra/session';
import {
  applicationApprovedMail,
  applicationReceivedMail,
  applicationRejectedMail,
} from './technician-applications.mail';
import {
  documentSlots,
  toApplicationDetail,
  toApplicationDocument,
} from './technician-applications.presenters';
import * as q from './technician-applications.queries';
import { PATHS } from '@shared/paths';
import { tokenLink } from '../../domain/account-mail';

const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const PENDING_CONFLICT = 'An application with this email is already pending review';
const ACCOUNT_CONFLICT = 'An account with this email already exists. Please sign in instead.';
const ZIP_INVALID = 'Please enter a valid ZIP code';

/** A username from the e-mail's local part, e.g. 'marcus.johnson', made unique with a number. */
async function uniqueUsername(db: DbOrTx, email: string) {
  let base = email
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 40);
  if (base.length < 3) base = `tech${base}`;
  const taken = await q.usernamesStartingWith(db, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

export function createTechnicianApplicationsService(app: FastifyInstance) {
  async function lockPending(tx: DbOrTx, id: number) {
    const application = await q.lockApplication(tx, id);
    if (!application) throw new AppError(404, 'Application not found');
    if (application.status !== 'pending')
      throw new AppError(409, `This application has already been ${application.status}`);
    return application;
  }

  return {
    /** A new application from /join-wrenchly, with its two uploaded documents. */
    async submit(input: z.output<typeof technicianApplicationSchema>, user: SessionUser | null) {
      const zip = zipcodes.lookup(input.zipCode.slice(0, 5));
      if (!zip) throw new AppError(400, ZIP_INVALID, [{ path: 'zipCode', message: ZIP_INVALID }]);
      const missing = APPLICATION_DOCUMENT_SLOTS.filter((s) => !input[s.field]).map((s) => s.label);
      if (missing.length > 0) throw new AppError(400, missingDocumentsMessage(missing));
      if (await q.pendingApplicationByEmail(app.db, input.email))
        throw new AppError(409, PENDING_CONFLICT);
      const account = await q.userByEmail(app.db, input.email);
      if (account && !account.isGuest) throw new AppError(409, ACCOUNT_CONFLICT);

      const now = app.clock();
      let id: number;
      try {
        id = await app.db.transaction(async (tx) => {
          const attach = (ref: string, kind: 'driversLicense' | 'aseCertification') =>
            attachDocument(tx, app.storage, ref, { kind, ownerUserId: user?.id ?? null, now });
          const license = await attach(input.driversLicenseUrl!, 'driversLicense');
          const ase = await attach(input.aseCertificationUrl!, 'aseCertification');
          if (license === ase)
            throw new AppError(400, 'Please upload a separate file for each document');
          const row = await q.insertApplication(tx, {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            phone: input.phone,
            address: input.address,
            city: input.city,
            state: input.state,
            zipCode: input.zipCode,
            yearsExperience: input.yearsExperience,
            specialties: [...new Set(input.specialties)],
            hourlyRateCents: toCents(input.hourlyRate),
            bio: input.bio,
            driversLicenseDocumentId: license,
            aseCertificationDocumentId: ase,
          });
          await app.outbox.enqueue(tx, applicationReceivedMail(input.email, input.firstName));
          return row.id;
        });
      } catch (err) {
        // Two submissions racing: the database keeps one pending application per e-mail.
        if (isUniqueViolation(err)) throw new AppError(409, PENDING_CONFLICT);
        throw err;
      }

      return { id, status: 'pending' as const, message: APPLICATION_RECEIVED_MESSAGE };
    },

    /** The application for review, with short-lived links to its documents. */
    async detail(id: number): Promise<ApplicationDetail> {
      const found = await q.applicationWithReviewer(app.db, id);
      if (!found) throw new AppError(404, 'Application not found');
      const slots = documentSlots(found.application);
      const docs = await q.documentsByIds(
        app.db,
        slots.flatMap((s) => (s.documentId === null ? [] : [s.documentId])),
      );
      const documents: ApplicationDetail['documents'] = [];
      for (const slot of slots) {
        const doc = docs.find((d) => d.id === slot.documentId);
        if (!doc) continue;
        const link = doc.state === 'uploaded' ? await documentLink(app.storage, doc) : null;
        documents.push(toApplicationDocument(slot, doc, link));
      }
      return toApplicationDetail(found, documents);
    },

    /**
     * Approval: one transaction creates the approved technician account (no password yet) and
     * its profile from the application, hands it the documents and issues a set-password link,
     * which is e-mailed once committed.
     */
    async approve(actor: SessionUser, id: number, ip: string) {
      const now = app.clock();
      const token = newToken();
      let result: {
        userId: number;
        technicianId: number;
        username: string;
        email: string;
        firstName: string;
      };
      try {
        result = await app.db.transaction(async (tx) => {
          const a = await lockPending(tx, id);
          const existing = await q.userByEmail(tx, a.email);
          if (existing && !existing.isGuest)
            throw new AppError(409, 'An account with this email already exists');
          const zip = zipcodes.lookup(a.zipCode.slice(0, 5));
          if (!zip)
            throw new AppError(409, "The application's ZIP code is not a known US ZIP code");
          const username = await uniqueUsername(tx, a.email);
          const user = await q.saveTechnicianUser(
            tx,
            {
              username,
              email: a.email,
              passwordHash: null,
              role: 'technician',
              status: 'approved',
              firstName: a.firstName,
              lastName: a.lastName,
              phone: a.phone,
              isGuest: false,
            },
            existing?.id,
          );
          const technician = await q.insertTechnician(tx, {
            userId: user.id,
            location: `${zip.city}, ${zip.state}`,
            zipCode: zip.zip,
            latitude: zip.latitude,
            longitude: zip.longitude,
            serviceRadiusMiles: DEFAULT_SERVICE_RADIUS_MILES,
            yearsExperience: a.yearsExperience,
            hourlyRateCents: a.hourlyRateCents,
            bio: a.bio,
            specialties: [
              ...new Set(
                a.specialties
                  .map(specialtyToServiceType)
                  .filter((s): s is NonNullable<typeof s> => s !== null),
              ),
            ],
            isAvailable: true,
          });
          const documentIds = [a.driversLicenseDocumentId, a.aseCertificationDocumentId].filter(
            (d): d is number => d !== null,
          );
          await q.giveDocumentsTo(tx, documentIds, user.id);
          await q.reviewApplication(tx, a.id, {
            status: 'approved',
            reviewedByUserId: actor.id,
            reviewedAt: now,
            userId: user.id,
          });
          await q.insertUserToken(tx, {
            userId: user.id,
            purpose: 'set_password',
            tokenHash: hashToken(token),
            expiresAt: new Date(now.getTime() + SET_PASSWORD_TTL_MS),
          });
          await audit(tx, actor, {
            action: 'application.approve',
            entityType: 'technician_application',
            entityId: a.id,
            details: { userId: user.id, technicianId: technician.id, username },
            ip,
          });
          // In the fragment: browsers never send it to the server, so no request log holds it.
          const link = tokenLink(app.config, PATHS.setPassword, token);
          await app.outbox.enqueue(
            tx,
            applicationApprovedMail(a.email, a.firstName, username, link),
          );
          return {
            userId: user.id,
            technicianId: technician.id,
            username,
            email: a.email,
            firstName: a.firstName,
          };
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError(
            409,
            'The account could not be created because of a conflicting change. Please try again.',
          );
        throw err;
      }

      return {
        message: 'Application approved',
        userId: result.userId,
        technicianId: result.technicianId,
        username: result.username,
      };
    },

    async reject(actor: SessionUser, id: number, reason: string | undefined, ip: string) {
      await app.db.transaction(async (tx) => {
        const application = await lockPending(tx, id);
        await q.reviewApplication(tx, id, {
          status: 'rejected',
          reviewedByUserId: actor.id,
          reviewedAt: app.clock(),
          reviewNotes: reason ?? null,
        });
        await audit(tx, actor, {
          action: 'application.reject',
          entityType: 'technician_application',
          entityId: id,
          details: reason ? { reason } : undefined,
          ip,
        });
        await app.outbox.enqueue(
          tx,
          applicationRejectedMail(application.email, application.firstName, reason),
        );
      });
      return { message: 'Application rejected' };
    },
  };
}
