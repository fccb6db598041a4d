import { VERIFICATION_TYPE_LABELS } from '@shared/constants/domain';
import { centsToDecimal } from '@shared/money';
import type { AdminOverview } from '@shared/schemas/admin';
import { fullName } from '../../domain/names';
import type * as q from './admin.queries';

type Row<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export function toAuditEntry(a: Row<typeof q.recentAudit>[number]) {
  return {
    id: a.id,
    actor:
      a.username ??
      (a.firstName ? fullName({ firstName: a.firstName, lastName: a.lastName }) : null),
    action: a.action,
    entityType: a.entityType,
    entityId: a.entityId,
    details: a.details,
    createdAt: a.createdAt.toISOString(),
  };
}

export function toRecentPayment(p: Row<typeof q.recentPayments>[number]) {
  return {
    id: p.id,
    technicianName: fullName(p),
    description: p.description,
    amount: centsToDecimal(p.amountCents),
    status: p.status,
    createdAt: p.createdAt.toISOString(),
  };
}

export function overviewAlerts(c: {
  pendingApprovals: number;
  verifications: Row<typeof q.verificationCounts>;
  failedPayments: number;
  reviewsToModerate: number;
}): AdminOverview['alerts'] {
  const { pendingApprovals, verifications: vc, failedPayments: failed } = c;
  const alerts: AdminOverview['alerts'] = [];
  if (pendingApprovals > 0)
    alerts.push({
      level: 'info',
      tab: 'users',
      message: `${pendingApprovals} technician${pendingApprovals === 1 ? '' : 's'} awaiting approval`,
    });
  if (vc.pending > 0)
    alerts.push({
      level: 'warning',
      tab: 'verifications',
      message: `${vc.pending} verification${vc.pending === 1 ? '' : 's'} pending review`,
    });
  if (vc.expiring > 0)
    alerts.push({
      level: 'warning',
      tab: 'verifications',
      message: `${vc.expiring} credential${vc.expiring === 1 ? '' : 's'} expiring within 30 days`,
    });
  if (vc.expired > 0)
    alerts.push({
      level: 'critical',
      tab: 'verifications',
      message: `${vc.expired} credential${vc.expired === 1 ? '' : 's'} expired`,
    });
  if (failed > 0)
    alerts.push({
      level: 'critical',
      tab: 'payments',
      message: `${failed} failed payment${failed === 1 ? '' : 's'} in the last 30 days`,
    });
  if (c.reviewsToModerate > 0)
    alerts.push({
      level: 'warning',
      tab: 'moderation',
      message: `${c.reviewsToModerate} review${c.reviewsToModerate === 1 ? '' : 's'} reported or flagged for moderation`,
    });
  return alerts;
}

export function toAdminUser({
  total: _t,
  createdAt,
  ...u
}: Row<typeof q.listUsers>['rows'][number]) {
  return { ...u, createdAt: createdAt.toISOString() };
}

/**
 * A registration awaiting approval, with the documents of the credentials the technician added
 * meanwhile (each labelled with its kind and name) for the admin to open.
 */
export function toPendingRegistration(
  { user, tech }: Row<typeof q.pendingRegistrations>[number],
  documents: Row<typeof q.credentialDocumentsOf> = [],
) {
  return {
    kind: 'registration' as const,
    id: user.id,
    name: fullName(user) || user.username || user.email,
    email: user.email,
    submittedAt: user.createdAt.toISOString(),
    details: tech
      ? `Technician registration · ${tech.location}${tech.specialties.length ? ` · ${tech.specialties.join(', ')}` : ''}`
      : `${user.role} registration`,
    documents: documents
      .filter((d) => d.userId === user.id && d.documentId !== null)
      .map((d) => ({
        label: `${VERIFICATION_TYPE_LABELS[d.verificationType]}: ${d.credentialName}`,
        documentId: d.documentId!,
      })),
  };
}

export function toPendingApplication(a: Row<typeof q.pendingApplications>[number]) {
  return {
    kind: 'application' as const,
    id: a.id,
    name: fullName(a),
    email: a.email,
    submittedAt: a.createdAt.toISOString(),
    details: `Application · ${a.city}, ${a.state} ${a.zipCode} · ${a.yearsExperience} years · ${a.specialties.join(', ')}`,
    documents: [
      ...(a.driversLicenseDocumentId
        ? [{ label: "Driver's License", documentId: a.driversLicenseDocumentId }]
        : []),
      ...(a.aseCertificationDocumentId
        ? [{ label: 'ASE Certification', documentId: a.aseCertificationDocumentId }]
        : []),
    ],
  };
}

export function toAdminTechnician(r: Row<typeof q.listTechnicians>[number]) {
  return {
    id: r.id,
    userId: r.userId,
    name: fullName(r),
    email: r.email,
    status: r.status,
    location: r.location,
    specialties: r.specialties,
    rating: r.rating,
    totalReviews: r.totalReviews,
    isAvailable: r.isAvailable,
    createdAt: r.createdAt.toISOString(),
  };
}
