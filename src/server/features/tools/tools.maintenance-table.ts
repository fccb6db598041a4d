import type { MaintenanceService } from '@shared/schemas/tools';

/**
 * Source: typical manufacturer intervals for gasoline passenger cars and light trucks under
 * normal service (owner's manual schedules of the common makes, rounded to the interval most
 * of them use). Severe service (towing, short trips, dust, extreme heat) and the vehicle's own
 * manual come first: the notes say so where the spread between makers is wide.
 */
export const MAINTENANCE_SOURCE =
  'Typical manufacturer intervals (normal service); the vehicle’s owner’s manual comes first.';

/** Miles either side of an interval's multiple that count as due now. */
export const DUE_WINDOW_MILES = 1_000;

export type MaintenanceInterval = {
  service: MaintenanceService;
  name: string;
  intervalMiles: number;
  intervalMonths: number;
  notes: string;
};

export const MAINTENANCE_INTERVALS: readonly MaintenanceInterval[] = [
  {
    service: 'oil-change',
    name: 'Engine oil and filter',
    intervalMiles: 5_000,
    intervalMonths: 6,
    notes:
      'Synthetic oil in many newer engines allows 7,500-10,000 miles; follow the oil life monitor.',
  },
  {
    service: 'tire-rotation',
    name: 'Tire rotation',
    intervalMiles: 6_000,
    intervalMonths: 6,
    notes:
      'Often done with every other oil change; check pressures and tread depth at the same time.',
  },
  {
    service: 'engine-air-filter',
    name: 'Engine air filter',
    intervalMiles: 15_000,
    intervalMonths: 12,
    notes: 'Inspect sooner in dusty conditions.',
  },
  {
    service: 'cabin-air-filter',
    name: 'Cabin air filter',
    intervalMiles: 15_000,
    intervalMonths: 12,
    notes: 'Replace sooner for allergies or a musty smell.',
  },
  {
    service: 'brake-fluid',
    name: 'Brake fluid flush',
    intervalMiles: 30_000,
    intervalMonths: 24,
    notes:
      'Brake fluid absorbs moisture: most makers set a time limit of 2-3 years whatever the mileage.',
  },
  {
    service: 'transmission-fluid',
    name: 'Automatic transmission fluid',
    intervalMiles: 60_000,
    intervalMonths: 48,
    notes:
      'Ranges from 30,000 to 100,000 miles by maker; some call it lifetime fill (inspect anyway).',
  },
  {
    service: 'coolant',
    name: 'Engine coolant',
    intervalMiles: 100_000,
    intervalMonths: 60,
    notes: 'Long-life coolant; older green coolant every 30,000 miles or 2 years.',
  },
  {
    service: 'spark-plugs',
    name: 'Spark plugs',
    intervalMiles: 100_000,
    intervalMonths: 96,
    notes: 'Iridium or platinum plugs; copper plugs every 30,000 miles.',
  },
  {
    service: 'timing-belt',
    name: 'Timing belt (engines with a belt)',
    intervalMiles: 100_000,
    intervalMonths: 84,
    notes:
      'Ranges from 60,000 to 105,000 miles; replace the water pump and tensioner with it. Chains need no interval.',
  },
  {
    service: 'serpentine-belt',
    name: 'Serpentine (drive) belt',
    intervalMiles: 60_000,
    intervalMonths: 60,
    notes: 'Inspect for cracks and glazing at every oil change.',
  },
  {
    service: 'fuel-filter',
    name: 'Fuel filter (serviceable in-line filters)',
    intervalMiles: 30_000,
    intervalMonths: 24,
    notes: 'Many newer vehicles have a lifetime filter in the tank.',
  },
  {
    service: 'differential-fluid',
    name: 'Differential and transfer case fluid',
    intervalMiles: 30_000,
    intervalMonths: 36,
    notes: 'Rear-wheel and four-wheel drive vehicles; sooner when towing.',
  },
];
