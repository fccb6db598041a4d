import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { brandingOf } from '../../domain/branding';
import { fairPriceFor } from '../../domain/fair-price';
import { quoteReachedCustomer } from '../../domain/request-documents';
import type { RequestViewer, ServiceRequestRow } from '../../domain/request-access';
import { requestPhotosFor } from '../../domain/request-photos';
import { reviewRefusal } from '../../domain/reviews';
import { serviceRequestDetailOut } from './service-requests.presenters';
import * as q from './service-requests.queries';

const mapsUrl = (r: ServiceRequestRow) =>
  r.latitude !== null && r.longitude !== null
    ? `https://www.google.com/maps/dir/?api=1&destination=${r.latitude},${r.longitude}`
    : `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(r.location)}`;

/** A request as this viewer may see it (serviceRequestDetailSchema). */
export async function serviceRequestDetail(
  app: FastifyInstance,
  request: ServiceRequestRow,
  viewer: RequestViewer,
  db: DbOrTx = app.db,
) {
  const now = () => app.clock();
  const point =
    request.latitude !== null && request.longitude !== null
      ? { latitude: request.latitude, longitude: request.longitude }
      : null;
  const [
    timeline,
    technician,
    customer,
    vehicle,
    quoteRows,
    invoiceRows,
    review,
    figures,
    branding,
    fair,
    firstChoice,
    photos,
  ] = await Promise.all([
    q.timelineOf(db, request.id),
    request.assignedTechnicianId ? q.technicianCard(db, request.assignedTechnicianId) : undefined,
    q.customerOf(db, request.customerId),
    request.vehicleId ? q.vehicleOf(db, request.vehicleId) : undefined,
    q.quoteRowsOfJob(db, request.id),
    q.invoiceRowsOfJob(db, request.id),
    q.reviewOfJob(db, request.id),
    q.dispatchFigures(db, request.id, request.dispatchRound, now()),
    brandingOf(db, request.assignedTechnicianId, now()),
    fairPriceFor(db, request.serviceType, point),
    // Round 0 is the exclusive offer to the technician the customer chose.
    request.status === 'dispatching' &&
    request.dispatchRound === 0 &&
    request.preferredTechnicianId !== null
      ? q.technicianCard(db, request.preferredTechnicianId)
      : undefined,
    requestPhotosFor(db, app.config.sessionSecret, request, viewer),
  ]);
  // A technician sees their own documents on the job, not those of one who gave it back,
  // nor the reasons another technician gave.
  const mine = viewer.role === 'technician' ? viewer.user?.technicianId : undefined;
  // A quote is the customer's once it was sent (or signed in person): a draft stays the
  // technician's until 'Send to customer'.
  const ownQuotes = mine
    ? quoteRows.filter((x) => x.technicianId === mine)
    : viewer.role === 'customer'
      ? quoteRows.filter(quoteReachedCustomer)
      : quoteRows;
  const ownInvoices = mine ? invoiceRows.filter((x) => x.technicianId === mine) : invoiceRows;
  const ownTimeline = mine
    ? timeline.map((row) =>
        row.e.technicianId !== null && row.e.technicianId !== mine
          ? { ...row, e: { ...row.e, note: null } }
          : row,
      )
    : timeline;
  const [quotes, payments, notifications] = await Promise.all([
    app.requestDocuments.quotesOut(ownQuotes),
    q.paymentRowsOfDocuments(
      db,
      ownInvoices.map((i) => i.id),
      ownQuotes.map((x) => x.id),
    ),
    viewer.role === 'admin' ? q.notificationsOfJob(db, request.id) : null,
  ]);
  // Why this customer may not review the completed job (the e-mailed link, not the one the
  // submitter got back; not the technician themself): shown instead of the form.
  const reviewNote =
    request.status === 'completed' && viewer.role === 'customer'
      ? await reviewRefusal(db, request, viewer)
      : null;
  const detail = serviceRequestDetailOut({
    request,
    viewer,
    now: now(),
    timeline: ownTimeline,
    technician,
    customer,
    vehicle,
    quotes,
    invoices: ownInvoices,
    payments,
    review,
    reviewNote,
    dispatch: figures,
    firstChoice: firstChoice && figures.pendingNow > 0 ? firstChoice : undefined,
    notifications,
    directionsUrl: mapsUrl(request),
    fairPrice: fair,
  });
  return { ...detail, branding, photos };
}
