/**
 * Query keys of the endpoints several features read (lib/api/): one cache entry each, whichever
 * screen asks. Outside every feature's prefix, so no feature's invalidation refetches them.
 */
export const sharedKeys = {
  plans: ['plans'] as const,
  paymentsConfig: ['payments', 'config'] as const,
  /** GET /api/config/map: the technicians' map view and the map of a technician on the way. */
  mapConfig: ['config', 'map'] as const,
  /** Every technician query (features/technicians); the profile editor refetches them. */
  technicians: ['technicians'] as const,
  /** The technician's own payment accounts (the profile and the point of sale). */
  paymentConnections: ['payments', 'connections'] as const,
  /** GET /api/tools/vin/:vin, read by the VIN decoder tool and the vehicle form. */
  vin: (vin: string) => ['tools', 'vin', vin.toUpperCase()] as const,
};
