import { arrivalOf } from '../../domain/arrival';
import type { FairPrice } from '@shared/schemas/fair-price';
import { warrantyTermsOf } from '@shared/schemas/warranty';
import { LIMITS } from '@shared/constants/domain';
import { allowedMoves, formatReference } from '@shared/service-request-rules';
import { centsToDecimal } from '@shared/money';
import type { ServiceRequestDetail, TimelineEntry } from '@shared/schemas/service-request-views';
import type { Quote } from '@shared/schemas/pos';
import { mileageOf, problemOf } from '@shared/schemas/service-requests';
import type { invoicePayments, invoices, reviews, vehicles } from '../../db/schema';
import { fullName, shortName } from '../../domain/names';
import { canReview, toJobReview } from '../../domain/reviews';
import type { RequestViewer, ServiceRequestRow } from '../../domain/request-access';
import type * as q from './service-requests.queries';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function timelineOut(rows: Awaited<ReturnType<typeof q.timelineOf>>): TimelineEntry[] {
  return rows.map(({ e, firstName, lastName }) => ({
    id: e.id,
    move: e.move,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    actor: e.actorRole,
    actorName: e.actorRole === 'system' || !firstName ? null : shortName({ firstName, lastName }),
    note: e.note,
    details: e.details ?? null,
    at: e.createdAt.toISOString(),
  }));
}

/** Whether a job is still one the customer can sign quotes and pay invoices for. */
const documentsOpen = (r: ServiceRequestRow) =>
  r.status !== 'canceled' && r.assignedTechnicianId !== null;

export type DetailParts = {
  request: ServiceRequestRow;
  viewer: RequestViewer;
  now: Date;
  timeline: Awaited<ReturnType<typeof q.timelineOf>>;
  technician: Awaited<ReturnType<typeof q.technicianCard>> | undefined;
  customer: Awaited<ReturnType<typeof q.customerOf>> | undefined;
  vehicle: typeof vehicles.$inferSelect | undefined;
  quotes: Quote[];
  invoices: (typeof invoices.$inferSelect)[];
  payments: (typeof invoicePayments.$inferSelect)[];
  review: typeof reviews.$inferSelect | undefined;
  /** Why the customer may not review this job (reviewRefusal), or null. */
  reviewNote: string | null;
  dispatch: Awaited<ReturnType<typeof q.dispatchFigures>>;
  /** The technician the customer chose, while the exclusive offer to them is open. */
  firstChoice?: Awaited<ReturnType<typeof q.technicianCard>>;
  notifications: Awaited<ReturnType<typeof q.notificationsOfJob>> | null;
  directionsUrl: string | null;
  fairPrice: FairPrice;
};

export function serviceRequestDetailOut(
  p: DetailParts,
): Omit<ServiceRequestDetail, 'branding' | 'photos'> {
  const { request: r, viewer } = p;
  const isCustomer = viewer.role === 'customer';
  const invoiceNumber = new Map(p.invoices.map((i) => [i.id, i.invoiceNumber]));
  const quoteNumber = new Map(p.quotes.map((x) => [x.id, x.quoteNumber]));
  const live = (x: { technicianId: number }) => x.technicianId === r.assignedTechnicianId;
  return {
    id: r.id,
    reference: formatReference(r.id),
    viewer: viewer.role,
    status: r.status,
    serviceType: r.serviceType,
    problem: problemOf(r.description),
    urgency: r.urgency,
    location: r.location,
    latitude: r.latitude,
    longitude: r.longitude,
    directionsUrl: viewer.role === 'customer' ? null : p.directionsUrl,
    preferredDate: r.preferredDate,
    vehicleInfo: r.vehicleInfo,
    mileage: p.vehicle?.mileage ?? mileageOf(r.description),
    vehicle: p.vehicle
      ? {
          id: p.vehicle.id,
          year: p.vehicle.year,
          make: p.vehicle.make,
          model: p.vehicle.model,
          vin: p.vehicle.vin,
          mileage: p.vehicle.mileage,
        }
      : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    completedAt: iso(r.completedAt),
    canceledAt: iso(r.canceledAt),
    cancelReason: r.cancelReason,
    dispatch: {
      round: r.dispatchRound,
      rounds: LIMITS.dispatchRounds,
      notifiedNow: r.status === 'dispatching' ? p.dispatch.pendingNow : 0,
      notifiedTotal: p.dispatch.total,
      roundEndsAt: r.status === 'dispatching' ? iso(p.dispatch.endsAt) : null,
      maxDistanceMiles: r.maxDistanceMiles,
      firstChoice:
        r.status === 'dispatching' && p.firstChoice ? { name: fullName(p.firstChoice) } : null,
    },
    technician: p.technician
      ? {
          id: p.technician.id,
          name: fullName(p.technician),
          profileImage: p.technician.profileImage,
          rating: p.technician.rating,
          totalReviews: p.technician.totalReviews,
          phone: p.technician.phone,
          // What they published for this service before booking: the lowest, if several.
          startingPrice:
            p.technician.startingPrices
              .filter((s) => s.serviceType === r.serviceType)
              .sort((a, b) => Number(a.from) - Number(b.from))[0] ?? null,
        }
      : null,
    window:
      r.windowStart && r.windowEnd
        ? {
            start: r.windowStart.toISOString(),
            end: r.windowEnd.toISOString(),
            confirmedAt: iso(r.windowConfirmedAt),
          }
        : null,
    requestedWindows: r.requestedWindows ?? [],
    // Where the technician on the way is and when they arrive (ADR 045): only en route.
    arrival:
      r.status === 'en_route'
        ? arrivalOf(
            r,
            p.technician
              ? { latitude: p.technician.baseLatitude, longitude: p.technician.baseLongitude }
              : null,
            p.now,
          )
        : null,
    newTime:
      r.newWindowStart && r.newWindowEnd
        ? { start: r.newWindowStart.toISOString(), end: r.newWindowEnd.toISOString() }
        : null,
    textUpdates:
      viewer.role === 'customer'
        ? {
            enabled: r.smsUpdatesConsentAt !== null && r.smsUpdatesPhone !== null,
            phone: r.smsUpdatesPhone ?? r.contactPhone ?? null,
            consentedAt: iso(r.smsUpdatesConsentAt),
          }
        : null,
    // The customer's own contact, or the customer's contact for their technician and admins.
    customer: {
      name: r.contactName || (p.customer ? fullName(p.customer) : '') || 'Customer',
      email: r.contactEmail ?? p.customer?.email ?? null,
      phone: r.contactPhone ?? p.customer?.phone ?? null,
    },
    timeline: timelineOut(p.timeline),
    fairPrice: p.fairPrice,
    quotes: p.quotes.map((qt) => ({
      id: qt.id,
      quoteNumber: qt.quoteNumber,
      // The customer reads a sent quote as one awaiting their signature, as before.
      status: qt.status === 'approved' ? 'approved' : 'draft',
      version: qt.version,
      contentHash: qt.contentHash,
      total: qt.totalAmount,
      createdAt: qt.createdAt,
      signedAt: qt.signedAt,
      signatureAudit: qt.signatureAudit,
      items: qt.items.map((i) => ({
        type: i.type,
        description: i.description,
        quantity: i.quantity,
        unitPrice: i.unitPrice,
        totalPrice: i.totalPrice,
      })),
      laborTotal: qt.laborTotal,
      partsTotal: qt.partsTotal,
      taxAmount: qt.taxAmount,
      deposit: qt.deposit && { amount: qt.deposit.amount, status: qt.deposit.status },
      warranty: qt.warranty,
      canSign: isCustomer && qt.status !== 'approved' && documentsOpen(r) && live(qt),
    })),
    invoices: p.invoices.map((i) => ({
      id: i.id,
      invoiceNumber: i.invoiceNumber,
      status: i.status,
      total: centsToDecimal(i.totalAmountCents),
      paid: centsToDecimal(i.paidAmountCents),
      balance: centsToDecimal(Math.max(0, i.totalAmountCents - i.paidAmountCents)),
      createdAt: i.createdAt.toISOString(),
      warranty: warrantyTermsOf(i.warrantyMonths, i.warrantyMiles),
      canPay: isCustomer && i.status === 'pending' && i.totalAmountCents > i.paidAmountCents,
    })),
    payments: p.payments.map((x) => ({
      id: x.id,
      receiptNumber: x.receiptNumber,
      method: x.method,
      amount: centsToDecimal(x.amountCents),
      tip: centsToDecimal(x.tipCents),
      status: x.status,
      invoiceNumber: x.invoiceId ? (invoiceNumber.get(x.invoiceId) ?? null) : null,
      quoteNumber: x.quoteId ? (quoteNumber.get(x.quoteId) ?? null) : null,
      createdAt: x.createdAt.toISOString(),
    })),
    review: p.review ? toJobReview(p.review) : null,
    canReview: p.reviewNote === null && canReview(r, viewer.role, p.review, p.now),
    reviewNote: p.reviewNote,
    actions: allowedMoves(r.status, viewer.role, {
      windowProposed: r.windowStart !== null,
      newTimeAsked: r.newWindowStart !== null,
    }),
    notifications:
      p.notifications?.map(({ n, firstName, lastName }) => ({
        round: n.round,
        technicianId: n.technicianId,
        technicianName: fullName({ firstName, lastName }),
        status: n.status === 'pending' && n.expiresAt <= p.now ? 'expired' : n.status,
        distanceMiles: n.distanceMiles === null ? null : Math.round(n.distanceMiles * 10) / 10,
        declineReason: n.declineReason,
        createdAt: n.createdAt.toISOString(),
        respondedAt: iso(n.respondedAt),
      })) ?? null,
  };
}
