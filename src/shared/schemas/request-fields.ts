import { z } from 'zod';
import { SERVICE_TYPES } from '../constants/service-types';
import { safeText } from './common';

/**
 * The fields of a service request that other contracts share (fair prices, vehicles): its
 * service type and a vehicle's model year. A module of their own, so that a page that needs
 * only these does not carry the request form's schemas, and the phone rule's parser, with them.
 */

export const serviceTypeSchema = z.enum(SERVICE_TYPES, {
  error: `Service type must be one of: ${SERVICE_TYPES.join(', ')}`,
});

/** The oldest vehicle year we accept; the newest is next year (next year's models). */
export const MIN_VEHICLE_YEAR = 1900;
export const maxVehicleYear = (now: Date = new Date()) => now.getFullYear() + 1;
export const vehicleYearMessage = (now: Date = new Date()) =>
  `Vehicle year must be between ${MIN_VEHICLE_YEAR} and ${maxVehicleYear(now)}`;

/** A plausible model year: a whole number from 1900 to next year, checked when validated. */
export const vehicleYearSchema = z
  .union(
    [
      z.number(),
      safeText()
        .trim()
        .regex(/^\d{4}$/, 'Vehicle year must be a 4-digit year'),
    ],
    {
      error: 'Vehicle year must be a 4-digit year',
    },
  )
  .transform((v) => Number(v))
  .superRefine((year, ctx) => {
    if (!Number.isInteger(year) || year < MIN_VEHICLE_YEAR || year > maxVehicleYear()) {
      ctx.addIssue({ code: 'custom', message: vehicleYearMessage() });
    }
  });
