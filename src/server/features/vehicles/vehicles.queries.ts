import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  invoicePayments,
  invoices,
  serviceRequests,
  technicians,
  users,
  vehicles,
} from '../../db/schema';

export type VehicleRow = typeof vehicles.$inferSelect;

export function listForCustomer(db: DbOrTx, customerId: number) {
  return db
    .select()
    .from(vehicles)
    .where(eq(vehicles.customerId, customerId))
    .orderBy(asc(vehicles.id));
}

/** The customer's vehicle, or undefined (another customer's vehicle is not found either). */
export function ownVehicle(db: DbOrTx, customerId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.customerId, customerId)));
  return (lock ? q.for('update') : q).then((r) => r[0]);
}

export function countForCustomer(db: DbOrTx, customerId: number) {
  return db
    .select({ n: count() })
    .from(vehicles)
    .where(eq(vehicles.customerId, customerId))
    .then((r) => r[0]?.n ?? 0);
}

export function vehicleWithVin(db: DbOrTx, customerId: number, vin: string) {
  return db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.customerId, customerId), eq(vehicles.vin, vin)));
}

export function insertVehicle(db: DbOrTx, values: typeof vehicles.$inferInsert) {
  return db
    .insert(vehicles)
    .values(values)
    .returning()
    .then((r) => r[0]!);
}

export function updateVehicle(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<VehicleRow, 'year' | 'make' | 'model' | 'vin' | 'mileage'>>,
) {
  return db
    .update(vehicles)
    .set(values)
    .where(eq(vehicles.id, id))
    .returning()
    .then((r) => r[0]!);
}

/** Its requests keep their vehicleInfo text; their vehicleId is set null by the foreign key. */
export function deleteVehicle(db: DbOrTx, id: number) {
  return db.delete(vehicles).where(eq(vehicles.id, id));
}

/** The vehicle's completed jobs, newest first, with the assigned technician's name. */
export function completedJobs(db: DbOrTx, vehicleId: number) {
  return db
    .select({
      id: serviceRequests.id,
      serviceType: serviceRequests.serviceType,
      completedAt: serviceRequests.completedAt,
      technicianFirstName: users.firstName,
      technicianLastName: users.lastName,
    })
    .from(serviceRequests)
    .leftJoin(technicians, eq(technicians.id, serviceRequests.assignedTechnicianId))
    .leftJoin(users, eq(users.id, technicians.userId))
    .where(and(eq(serviceRequests.vehicleId, vehicleId), eq(serviceRequests.status, 'completed')))
    .orderBy(desc(serviceRequests.completedAt), desc(serviceRequests.id));
}

export function invoicesOfJobs(db: DbOrTx, requestIds: number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoices)
    .where(inArray(invoices.serviceRequestId, requestIds))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
}

/** The invoices' successful payments: their receipts. */
export function receiptsOfInvoices(db: DbOrTx, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoicePayments)
    .where(
      and(inArray(invoicePayments.invoiceId, invoiceIds), eq(invoicePayments.status, 'succeeded')),
    )
    .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.id));
}

/** Serializes one customer's vehicle changes (the count and VIN checks). */
export function lockCustomer(db: DbOrTx, customerId: number) {
  return db.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for('update');
}
