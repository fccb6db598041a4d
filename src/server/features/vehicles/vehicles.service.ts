import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  MAX_VEHICLES,
  type vehicleInputSchema,
  type VehicleHistory,
  type vehicleUpdateSchema,
} from '@shared/schemas/vehicles';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../infra/app-error';
import type { SessionUser } from '../../infra/session';
import { presentJob, presentVehicle } from './vehicles.presenters';
import * as q from './vehicles.queries';

export const VEHICLE_NOT_FOUND = 'Vehicle not found';

type Input = z.output<typeof vehicleInputSchema>;
type Update = z.output<typeof vehicleUpdateSchema>;

/** The customer's vehicle; another customer's is 'not found' too (no probing of ids). */
async function own(db: DbOrTx, user: SessionUser, id: number, lock = false) {
  const v = await q.ownVehicle(db, user.id, id, lock);
  if (!v) throw new AppError(404, VEHICLE_NOT_FOUND);
  return v;
}

async function assertVinFree(db: DbOrTx, user: SessionUser, vin: string | null, self?: number) {
  if (!vin) return;
  const same = await q.vehicleWithVin(db, user.id, vin);
  if (same.some((v) => v.id !== self))
    throw new AppError(409, 'You already have a vehicle with this VIN');
}

/** A signed-in customer's vehicles: they pick one on the request form; each keeps its history. */
export function createVehiclesService(app: FastifyInstance) {
  return {
    async list(user: SessionUser) {
      return (await q.listForCustomer(app.db, user.id)).map(presentVehicle);
    },

    async create(user: SessionUser, input: Input) {
      const row = await app.db.transaction(async (tx) => {
        await q.lockCustomer(tx, user.id);
        if ((await q.countForCustomer(tx, user.id)) >= MAX_VEHICLES)
          throw new AppError(409, `You can keep up to ${MAX_VEHICLES} vehicles`);
        await assertVinFree(tx, user, input.vin ?? null);
        return q.insertVehicle(tx, {
          customerId: user.id,
          year: input.year,
          make: input.make,
          model: input.model,
          vin: input.vin ?? null,
          mileage: input.mileage ?? null,
        });
      });
      return presentVehicle(row);
    },

    async update(user: SessionUser, id: number, input: Update) {
      const row = await app.db.transaction(async (tx) => {
        await q.lockCustomer(tx, user.id);
        await own(tx, user, id, true);
        if (input.vin !== undefined) await assertVinFree(tx, user, input.vin, id);
        return q.updateVehicle(tx, id, {
          ...(input.year !== undefined && { year: input.year }),
          ...(input.make !== undefined && { make: input.make }),
          ...(input.model !== undefined && { model: input.model }),
          ...(input.vin !== undefined && { vin: input.vin }),
          ...(input.mileage !== undefined && { mileage: input.mileage }),
        });
      });
      return presentVehicle(row);
    },

    /** Its requests stay, with their vehicle text; only the link to the vehicle goes. */
    async remove(user: SessionUser, id: number) {
      await app.db.transaction(async (tx) => {
        await own(tx, user, id, true);
        await q.deleteVehicle(tx, id);
      });
      return { message: 'Vehicle deleted' };
    },

    /** Completed jobs of the vehicle, newest first, with their invoices and receipts. */
    async history(user: SessionUser, id: number): Promise<VehicleHistory> {
      const vehicle = await own(app.db, user, id);
      const jobs = await q.completedJobs(app.db, id);
      const jobInvoices = await q.invoicesOfJobs(
        app.db,
        jobs.map((j) => j.id),
      );
      const payments = await q.receiptsOfInvoices(
        app.db,
        jobInvoices.map((i) => i.id),
      );
      return {
        vehicle: presentVehicle(vehicle),
        jobs: jobs.map((j) =>
          presentJob(
            j,
            jobInvoices.filter((i) => i.serviceRequestId === j.id),
            payments,
          ),
        ),
      };
    },
  };
}
