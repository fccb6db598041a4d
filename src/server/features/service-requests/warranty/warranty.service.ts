import type { FastifyInstance } from 'fastify';
import { myJobPath } from '@shared/paths';
import { mileageOf } from '@shared/schemas/service-requests';
import { formatReference } from '@shared/service-request-rules';
import { formatServiceTime } from '@shared/service-time';
import { groupThousands } from '@shared/money';
import {
  type WarrantyAnswer,
  type WarrantyTerms,
  type WarrantyClaim,
  type WarrantyClaimInput,
  type WarrantyView,
} from '@shared/schemas/warranty';
import { audit } from '../../../domain/audit';
import { resolveRequestViewer, type ServiceRequestRow } from '../../../domain/request-access';
import { customerMail } from '../../../domain/request-mail';
import { requestPageUrl } from '../../../domain/request-links';
import { announce, recordDocumentEvent, recordMove } from '../../../domain/request-timeline';
import { tellTechnician } from '../../../domain/technician-alerts';
import { AppError } from '../../../infra/app-error';
import { isUniqueViolation } from '../../../infra/db-errors';
import type { SessionUser } from '../../../infra/session';
import * as q from './warranty.queries';

export const ONLY_CUSTOMER_CLAIMS = 'Only the customer can open a warranty claim on this job';
export const CLAIM_NEEDS_COMPLETED_JOB = 'A warranty claim can be opened once the job is completed';
export const CLAIM_ALREADY_OPEN = 'A warranty claim on this job is already waiting for an answer';
export const ONLY_TECHNICIAN_ANSWERS =
  'Only the technician who did the job, or an admin, can answer a warranty claim';

/** The end of a completed job's warranty: the terms' months after completion. */
function coveredUntil(request: ServiceRequestRow, terms: WarrantyTerms) {
  if (request.status !== 'completed' || !request.completedAt) return null;
  const end = new Date(request.completedAt);
  end.setUTCMonth(end.getUTCMonth() + terms.months);
  return end;
}
const coveredMiles = (request: ServiceRequestRow, terms: WarrantyTerms) => {
  const at = mileageOf(request.description);
  return at === null ? null : at + terms.miles;
};

/** Why the customer cannot open a claim now (null: they can). */
function claimClosedReason(
  request: ServiceRequestRow,
  terms: WarrantyTerms,
  now: Date,
  open: boolean,
) {
  const until = coveredUntil(request, terms);
  if (!until) return CLAIM_NEEDS_COMPLETED_JOB;
  if (until <= now) return `This job's warranty ended on ${formatServiceTime(until)}`;
  if (open) return CLAIM_ALREADY_OPEN;
  return null;
}

const view = (row: q.WarrantyClaimRow): WarrantyClaim => ({
  id: row.id,
  status: row.status,
  problem: row.problem,
  mileage: row.mileage,
  createdAt: row.createdAt.toISOString(),
  answeredAt: row.answeredAt?.toISOString() ?? null,
  answeredBy: row.answeredBy,
  declineReason: row.declineReason,
  followUpReference: row.followUpRequestId ? formatReference(row.followUpRequestId) : null,
});

/** Claims under the workmanship warranty of a completed job (ADR 044). */
export function createWarrantyService(app: FastifyInstance) {
  return {
    async view(reference: string, user: SessionUser | null, token?: string): Promise<WarrantyView> {
      const { request, viewer } = await resolveRequestViewer(app, reference, user, token);
      const claims = await q.claimsOf(app.db, request.id);
      const terms = await q.termsOfJob(app.db, request.id);
      const reason =
        viewer.role === 'customer'
          ? claimClosedReason(
              request,
              terms,
              app.clock(),
              claims.some((c) => c.status === 'open'),
            )
          : ONLY_CUSTOMER_CLAIMS;
      return {
        coveredUntil: coveredUntil(request, terms)?.toISOString() ?? null,
        terms,
        coveredMiles: request.status === 'completed' ? coveredMiles(request, terms) : null,
        canClaim: reason === null,
        claimClosedReason: reason,
        claims: claims.map(view),
      };
    },

    async open(
      reference: string,
      user: SessionUser | null,
      token: string | undefined,
      input: WarrantyClaimInput,
    ): Promise<WarrantyClaim> {
      const claim = await app.db
        .transaction(async (tx) => {
          const { request, viewer } = await resolveRequestViewer(
            app,
            reference,
            user,
            token,
            tx,
            true,
          );
          if (viewer.role !== 'customer') throw new AppError(403, ONLY_CUSTOMER_CLAIMS);
          const terms = await q.termsOfJob(tx, request.id);
          const reason = claimClosedReason(request, terms, app.clock(), false);
          if (reason) throw new AppError(409, reason);
          const limit = coveredMiles(request, terms);
          if (limit !== null && input.mileage != null && input.mileage > limit)
            throw new AppError(
              409,
              `This job's warranty covers ${groupThousands(terms.miles)} miles, up to ${groupThousands(limit)} miles`,
            );
          const row = await q.insertClaim(tx, {
            serviceRequestId: request.id,
            technicianId: request.assignedTechnicianId,
            problem: input.problem,
            mileage: input.mileage ?? null,
          });
          await recordDocumentEvent(app, tx, request, 'warranty_claim', { claimId: row.id });
          await announce(app, tx, request, request, 'warranty_claim');
          await audit(tx, viewer.user, {
            action: 'warranty.claim',
            entityType: 'service_request',
            entityId: request.id,
            details: { claimId: row.id },
          });
          if (request.assignedTechnicianId)
            await tellTechnician(app, tx, request.assignedTechnicianId, {
              template: 'warranty_claim_technician',
              key: `warranty_claim:${row.id}`,
              title: `Warranty claim on ${reference}`,
              body: `The customer reports: ${input.problem.slice(0, 160)}`,
              path: `${myJobPath(reference)}#warranty`,
            });
          return row;
        })
        .catch((err: unknown) => {
          // Two claims at once: the second finds the first waiting.
          if (isUniqueViolation(err, 'warranty_claims_one_open_idx'))
            throw new AppError(409, CLAIM_ALREADY_OPEN);
          throw err;
        });
      return view(claim);
    },

    async answer(
      reference: string,
      user: SessionUser | null,
      id: number,
      answer: WarrantyAnswer,
    ): Promise<WarrantyClaim> {
      return app.db.transaction(async (tx) => {
        const { request, viewer } = await resolveRequestViewer(
          app,
          reference,
          user,
          undefined,
          tx,
          true,
        );
        if (viewer.role !== 'technician' && viewer.role !== 'admin')
          throw new AppError(403, ONLY_TECHNICIAN_ANSWERS);
        const claim = await q.lockClaim(tx, id, request.id);
        if (!claim) throw new AppError(404, 'Warranty claim not found');
        if (claim.status !== 'open')
          throw new AppError(409, `This warranty claim was already ${claim.status}`);
        const at = app.clock();
        const by = viewer.role;
        let followUp: ServiceRequestRow | null = null;
        if (answer.decision === 'accept') followUp = await openFollowUp(tx, request, claim, at);
        const answered = await q.answerClaim(tx, id, {
          status: answer.decision === 'accept' ? 'accepted' : 'declined',
          answeredAt: at,
          answeredBy: by,
          declineReason: answer.decision === 'decline' ? answer.reason : null,
          followUpRequestId: followUp?.id ?? null,
        });
        await recordDocumentEvent(app, tx, request, `warranty_${answered!.status}`, {
          claimId: id,
          by,
          ...(followUp ? { followUp: formatReference(followUp.id) } : {}),
          ...(answer.decision === 'decline' ? { reason: answer.reason } : {}),
        });
        await announce(app, tx, request, request, `warranty_${answered!.status}`);
        await audit(tx, viewer.user, {
          action: `warranty.${answered!.status}`,
          entityType: 'service_request',
          entityId: request.id,
          details: { claimId: id, by },
        });
        const mail = customerMail(
          app,
          request,
          'warranty_answered',
          answer.decision === 'accept'
            ? 'Your warranty claim was accepted'
            : 'Your warranty claim was declined',
          answer.decision === 'accept'
            ? [
                `Your warranty claim on your ${request.serviceType} job was accepted: the repair is at no charge.`,
                `It is job ${formatReference(followUp!.id)}; your technician will propose an arrival window. Follow it here:\n${requestPageUrl(app.config, followUp!.id)}`,
              ]
            : [
                `Your warranty claim on your ${request.serviceType} job was declined: ${answer.reason}`,
              ],
        );
        if (mail) await app.outbox.enqueue(tx, { ...mail, key: `warranty_answered:${id}` });
        return view(answered!);
      });
    },
  };

  /**
   * The job at no charge: the original's customer, place, vehicle and technician, accepted by
   * them already (they proposed a window next), its timeline saying which job it makes good.
   */
  async function openFollowUp(
    tx: Parameters<typeof q.insertFollowUpJob>[0],
    request: ServiceRequestRow,
    claim: q.WarrantyClaimRow,
    at: Date,
  ) {
    const reference = formatReference(request.id);
    const job = await q.insertFollowUpJob(tx, {
      customerId: request.customerId,
      serviceType: request.serviceType,
      description: `Warranty repair at no charge for ${reference}: ${claim.problem}`.slice(0, 5000),
      urgency: 'medium',
      location: request.location,
      latitude: request.latitude,
      longitude: request.longitude,
      contactName: request.contactName,
      contactEmail: request.contactEmail,
      contactPhone: request.contactPhone,
      submittedAs: request.submittedAs,
      vehicleInfo: request.vehicleInfo,
      vehicleId: request.vehicleId,
      estimatedCostCents: 0,
      status: 'requested',
      createdAt: at,
    });
    const submitted = await recordMove(app, tx, job, {
      move: 'submit',
      to: 'requested',
      actor: 'system',
      details: { warrantyOf: reference, claimId: claim.id },
    });
    if (!request.assignedTechnicianId) return submitted;
    return recordMove(app, tx, submitted, {
      move: 'accept',
      to: 'accepted',
      actor: 'system',
      technicianId: request.assignedTechnicianId,
      details: { warrantyOf: reference },
      patch: { assignedTechnicianId: request.assignedTechnicianId, assignedAt: at },
    });
  }
}
