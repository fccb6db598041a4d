import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  CHECK_NOTE_REQUIRED,
  CHECKED_REFERENCE_REQUIRED,
  CHECKED_REGISTRY_REQUIRED,
  type AdminVerification,
  type createVerificationSchema,
  type Verification,
  type verificationStatusUpdateSchema,
} from '@shared/schemas/verifications';
import { AppError } from '../../infra/app-error';
import { audit } from '../../domain/audit';
import { fullName } from '../../domain/names';
import { attachDocument, documentLinks } from '../../domain/documents';
import { addDays, effectiveStatus, verificationToday } from './verifications.expiry';
import { assertOwnTechnician, type SessionUser } from '../../infra/session';
import * as q from './verifications.queries';

const displayName = (u: SessionUser) => fullName(u) || u.username || u.email;

export function createVerificationsService(app: FastifyInstance) {
  /** The API shape: status computed for today, and a short-lived link to the document. */
  async function present(rows: q.VerificationRow[]): Promise<Verification[]> {
    const today = verificationToday(app.clock());
    const links = await documentLinks(
      app.db,
      app.storage,
      rows.map((v) => v.documentId),
    );
    return rows.map((v) => ({
      id: v.id,
      technicianId: v.technicianId,
      verificationType: v.verificationType,
      credentialName: v.credentialName,
      issuingOrganization: v.issuingOrganization,
      credentialNumber: v.credentialNumber,
      issueDate: v.issueDate,
      expirationDate: v.expirationDate,
      notes: v.notes,
      verificationStatus: effectiveStatus(v, today),
      verifiedAt: v.verifiedAt?.toISOString() ?? null,
      verifiedBy: v.verifiedBy,
      checkedRegistry: v.checkedRegistry,
      checkedReference: v.checkedReference,
      documentId: v.documentId,
      documentUrl: (v.documentId !== null && links.get(v.documentId)?.url) || null,
      createdAt: v.createdAt.toISOString(),
    }));
  }

  async function presentOne(row: q.VerificationRow) {
    return (await present([row]))[0]!;
  }

  async function presentForAdmin(
    rows: Awaited<ReturnType<typeof q.pendingWithTechnician>>,
  ): Promise<AdminVerification[]> {
    const shown = await present(rows.map((r) => r.v));
    return shown.map((v, i) => ({
      ...v,
      technician: {
        id: v.technicianId,
        user: { firstName: rows[i]!.firstName, lastName: rows[i]!.lastName, email: rows[i]!.email },
      },
    }));
  }

  async function load(id: number) {
    const v = await q.findVerification(app.db, id);
    if (!v) throw new AppError(404, 'Verification not found');
    return v;
  }

  return {
    async listForTechnician(user: SessionUser, technicianId: number) {
      assertOwnTechnician(user, technicianId);
      if (!(await q.technicianExists(app.db, technicianId)))
        throw new AppError(404, 'Technician not found');
      return present(await q.byTechnician(app.db, technicianId));
    },

    /**
     * A technician adds one of its own credentials; it waits for an admin as 'pending'. A
     * technician still awaiting approval may: their credentials are part of what is approved.
     */
    async create(user: SessionUser, input: z.output<typeof createVerificationSchema>) {
      if (user.technicianId !== input.technicianId)
        throw new AppError(403, 'You can only add verifications to your own profile');
      const ref = input.documentId ?? input.documentUrl;
      const row = await app.db.transaction(async (tx) => {
        const documentId =
          ref === undefined || ref === null
            ? null
            : await attachDocument(tx, app.storage, ref, {
                kind: 'verification',
                ownerUserId: user.id,
                now: app.clock(),
              });
        return q.insertVerification(tx, {
          technicianId: input.technicianId,
          verificationType: input.verificationType,
          credentialName: input.credentialName,
          issuingOrganization: input.issuingOrganization,
          credentialNumber: input.credentialNumber ?? null,
          issueDate: input.issueDate ?? null,
          expirationDate: input.expirationDate ?? null,
          notes: input.notes ?? null,
          verificationStatus: 'pending',
          documentId,
        });
      });
      return presentOne(row);
    },

    /**
     * A pending record is deleted with its document (nothing was judged yet). A rejected or
     * expired one is withdrawn: it leaves the lists and counts for nothing, but stays on record
     * with who withdrew it, in the audit trail too. A verified one stays until it expires. The
     * technician or an admin may; each change is conditional, so a review landing at the same
     * moment is never undone.
     */
    async remove(user: SessionUser, id: number, ip: string) {
      const v = await load(id);
      assertOwnTechnician(user, v.technicianId);
      const now = app.clock();
      const today = verificationToday(now);
      const status = effectiveStatus(v, today);
      if (status === 'pending') {
        const { deleted, storageKey } = await app.db.transaction((tx) =>
          q.deletePendingVerification(tx, v),
        );
        if (!deleted) throw new AppError(409, 'This verification was reviewed meanwhile');
        if (storageKey) {
          await app.storage.remove(storageKey).catch((err: unknown) => {
            app.log.warn({ err, storageKey }, 'could not remove a deleted verification document');
          });
        }
        return { message: 'Verification deleted successfully' };
      }
      if (status !== 'rejected' && status !== 'expired')
        throw new AppError(
          409,
          'A verified credential stays on record until it expires: only pending, rejected or expired verifications can be removed',
        );
      await app.db.transaction(async (tx) => {
        if (!(await q.withdrawVerification(tx, id, { userId: user.id, at: now, today })))
          throw new AppError(409, 'This verification was reviewed meanwhile');
        await audit(tx, user, {
          action: 'verification.withdraw',
          entityType: 'verification',
          entityId: id,
          details: {
            technicianId: v.technicianId,
            verificationType: v.verificationType,
            credentialName: v.credentialName,
            status,
          },
          ip,
        });
      });
      return { message: 'Verification withdrawn' };
    },

    /** The admin review: verifiedBy is always the signed-in admin, whatever the client sent. */
    async setStatus(
      admin: SessionUser,
      id: number,
      input: z.output<typeof verificationStatusUpdateSchema>,
      ip: string,
    ) {
      const before = await load(id);
      const now = app.clock();
      // Verified needs evidence on the record: the document, or how the admin checked it.
      const registry = input.checkedRegistry ?? null;
      const reference = input.checkedReference ?? null;
      if (input.status === 'verified' && before.documentId === null && (!registry || !reference))
        throw new AppError(400, CHECK_NOTE_REQUIRED, [
          ...(registry ? [] : [{ path: 'checkedRegistry', message: CHECKED_REGISTRY_REQUIRED }]),
          ...(reference ? [] : [{ path: 'checkedReference', message: CHECKED_REFERENCE_REQUIRED }]),
        ]);
      const reviewer =
        input.status === 'pending'
          ? { verifiedBy: null, verifiedByUserId: null }
          : { verifiedBy: displayName(admin), verifiedByUserId: admin.id };
      const row = await app.db.transaction(async (tx) => {
        const updated = await q.updateVerification(tx, id, {
          verificationStatus: input.status,
          verifiedAt: input.status === 'verified' ? now : null,
          ...reviewer,
          checkedRegistry: input.status === 'verified' ? registry : null,
          checkedReference: input.status === 'verified' ? reference : null,
          ...(input.notes !== undefined ? { notes: input.notes } : {}),
        });
        if (!updated) throw new AppError(404, 'Verification not found');
        await audit(tx, admin, {
          action: 'verification.status',
          entityType: 'verification',
          entityId: id,
          details: {
            from: before.verificationStatus,
            to: input.status,
            ...(input.status === 'verified' && before.documentId !== null
              ? { documentId: before.documentId }
              : {}),
            ...(input.status === 'verified' && registry ? { checkedRegistry: registry } : {}),
            ...(input.status === 'verified' && reference ? { checkedReference: reference } : {}),
          },
          ip,
        });
        return updated;
      });
      return presentOne(row);
    },

    async pending() {
      return presentForAdmin(await q.pendingWithTechnician(app.db));
    },

    /** Rejected and expired records still on technicians' lists, for an admin to withdraw. */
    async lapsed() {
      return presentForAdmin(await q.lapsedWithTechnician(app.db, verificationToday(app.clock())));
    },

    async expiring(days: number) {
      const today = verificationToday(app.clock());
      return presentForAdmin(await q.expiringWithTechnician(app.db, today, addDays(today, days)));
    },
  };
}
