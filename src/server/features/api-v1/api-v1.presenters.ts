import { centsToDecimal } from '@shared/money';
import { formatReference } from '@shared/service-request-rules';
import type { V1Invoice, V1Job, V1Payment, V1Quote } from '@shared/schemas/api-v1';
import type {
  invoicePayments,
  invoices,
  quoteItems,
  quotes,
  serviceRequests,
} from '../../db/schema';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const ref = (id: number | null) => (id === null ? null : formatReference(id));

export function jobOut(r: typeof serviceRequests.$inferSelect): V1Job {
  return {
    reference: formatReference(r.id),
    status: r.status,
    serviceType: r.serviceType,
    description: r.description,
    urgency: r.urgency,
    location: r.location,
    preferredDate: r.preferredDate,
    vehicleInfo: r.vehicleInfo,
    customer: { name: r.contactName, email: r.contactEmail, phone: r.contactPhone },
    assignedAt: iso(r.assignedAt),
    completedAt: iso(r.completedAt),
    canceledAt: iso(r.canceledAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function quoteOut(
  q: typeof quotes.$inferSelect,
  items: (typeof quoteItems.$inferSelect)[],
): V1Quote {
  return {
    id: q.id,
    quoteNumber: q.quoteNumber,
    jobReference: ref(q.serviceRequestId),
    status: q.status,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    items: items.map((i) => ({
      type: i.type,
      description: i.description,
      quantity: String(Number(i.quantity)),
      unitPrice: centsToDecimal(i.unitPriceCents),
      totalPrice: centsToDecimal(i.totalPriceCents),
    })),
    taxRate: String(Number(q.taxRate)),
    laborTotal: centsToDecimal(q.laborTotalCents),
    partsTotal: centsToDecimal(q.partsTotalCents),
    taxAmount: centsToDecimal(q.taxAmountCents),
    totalAmount: centsToDecimal(q.totalAmountCents),
    signedAt: iso(q.signedAt),
    createdAt: q.createdAt.toISOString(),
  };
}

export function invoiceOut(i: typeof invoices.$inferSelect): V1Invoice {
  return {
    id: i.id,
    invoiceNumber: i.invoiceNumber,
    quoteId: i.quoteId,
    jobReference: ref(i.serviceRequestId),
    status: i.status,
    customerName: i.customerName,
    customerEmail: i.customerEmail,
    laborTotal: centsToDecimal(i.laborTotalCents),
    partsTotal: centsToDecimal(i.partsTotalCents),
    taxAmount: centsToDecimal(i.taxAmountCents),
    totalAmount: centsToDecimal(i.totalAmountCents),
    paidAmount: centsToDecimal(i.paidAmountCents),
    balance: centsToDecimal(Math.max(0, i.totalAmountCents - i.paidAmountCents)),
    paidAt: iso(i.paidAt),
    createdAt: i.createdAt.toISOString(),
  };
}

export function paymentOut(p: typeof invoicePayments.$inferSelect): V1Payment {
  return {
    id: p.id,
    receiptNumber: p.receiptNumber,
    invoiceId: p.invoiceId,
    method: p.method,
    amount: centsToDecimal(p.amountCents),
    tip: centsToDecimal(p.tipCents),
    status: p.status,
    customerName: p.customerName,
    createdAt: p.createdAt.toISOString(),
  };
}
