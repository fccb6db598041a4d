import { formatReference } from '@shared/service-request-rules';
import { centsToDecimal } from '@shared/money';
import type { Vehicle, VehicleJob } from '@shared/schemas/vehicles';
import { vehicleLabel } from '@shared/schemas/vehicles';
import type { invoicePayments, invoices } from '../../db/schema';
import { fullName } from '../../domain/names';
import type { VehicleRow, completedJobs } from './vehicles.queries';

export const presentVehicle = (v: VehicleRow): Vehicle => ({
  id: v.id,
  year: v.year,
  make: v.make,
  model: v.model,
  vin: v.vin,
  mileage: v.mileage,
  label: vehicleLabel(v),
  createdAt: v.createdAt.toISOString(),
  updatedAt: v.updatedAt.toISOString(),
});

type JobRow = Awaited<ReturnType<typeof completedJobs>>[number];
type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof invoicePayments.$inferSelect;

/** A completed job with its invoices and each invoice's receipts. */
export function presentJob(
  job: JobRow,
  jobInvoices: InvoiceRow[],
  payments: PaymentRow[],
): VehicleJob {
  const reference = formatReference(job.id);
  return {
    reference,
    // The owner opens it signed in: no token needed.
    requestPath: `/requests/${reference}`,
    serviceType: job.serviceType,
    completedAt: job.completedAt?.toISOString() ?? null,
    technicianName:
      job.technicianFirstName === null
        ? null
        : fullName({ firstName: job.technicianFirstName, lastName: job.technicianLastName }),
    invoices: jobInvoices.map((i) => ({
      id: i.id,
      invoiceNumber: i.invoiceNumber,
      totalAmount: centsToDecimal(i.totalAmountCents),
      paidAmount: centsToDecimal(i.paidAmountCents),
      status: i.status,
      createdAt: i.createdAt.toISOString(),
      receipts: payments
        // Receipts are for money taken: a failed attempt has none.
        .filter((p) => p.invoiceId === i.id && p.status === 'succeeded' && p.receiptNumber)
        .map((p) => ({
          receiptNumber: p.receiptNumber!,
          amount: centsToDecimal(p.amountCents),
          method: p.method,
          date: p.createdAt.toISOString(),
        })),
    })),
  };
}
