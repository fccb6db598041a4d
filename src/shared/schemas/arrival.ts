import { z } from 'zod';

/**
 * POST /api/service-requests/:reference/position: where the technician on the way is now
 * (ADR 045), from their device's geolocation, at most every POSITION_INTERVAL_SECONDS.
 */
export const positionInputSchema = z.object({
  latitude: z
    .number({ error: 'latitude must be a number of degrees' })
    .min(-90, 'latitude must be between -90 and 90')
    .max(90, 'latitude must be between -90 and 90'),
  longitude: z
    .number({ error: 'longitude must be a number of degrees' })
    .min(-180, 'longitude must be between -180 and 180')
    .max(180, 'longitude must be between -180 and 180'),
  /** The device's accuracy radius, in metres (kept out of the estimate; a fix worse than 5 km is refused). */
  accuracy: z
    .number({ error: 'accuracy must be a number of metres' })
    .min(0, 'accuracy must be 0 or more metres')
    .max(5000, 'This position is too imprecise to share (more than 5 km)')
    .optional(),
});
export type PositionInput = z.input<typeof positionInputSchema>;

/** The arrival estimate of a job on the way (null off the way). */
export const arrivalSchema = z.object({
  etaMinutes: z.number().int().nullable(),
  basis: z.enum(['position', 'distance']).nullable(),
  position: z.object({ latitude: z.number(), longitude: z.number(), at: z.string() }).nullable(),
});
export type Arrival = z.output<typeof arrivalSchema>;
