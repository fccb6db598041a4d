import type { PlanTier } from './constants/domain';
import { PATHS } from './paths';

export const TOOL_SLUGS = ['trouble-codes', 'vin-decoder', 'maintenance-schedule'] as const;
export type ToolSlug = (typeof TOOL_SLUGS)[number];

export type Tool = {
  slug: ToolSlug;
  name: string;
  category: string;
  description: string;
  /** Free tools are open to everyone, visitors included; the others need this plan or higher. */
  requiredPlan: PlanTier;
  /**
   * Customers hold no plan (plans are technicians'); a tool marked here is theirs too, because
   * a customer screen uses it (the VIN decoder fills the vehicle form).
   */
  openToCustomers: boolean;
  features: string[];
  icon: string;
  path: string;
};

/**
 * The 'Free Software' catalogue: tools that run in the app (no downloads). Names and texts are
 * the spec's catalogue entries where the tool does what the entry promised; the VIN decoder
 * takes the place of the 'TSB & Recall Lookup' entry (its 'VIN decoding' at the Basic plan),
 * since there are no bulletins to look up.
 */
export const TOOLS: readonly Tool[] = [
  {
    slug: 'trouble-codes',
    name: 'OBD-II Code Library',
    category: 'Diagnostics',
    description:
      'Searchable library of the generic OBD-II trouble codes (SAE J2012) with likely causes.',
    requiredPlan: 'Free',
    openToCustomers: true,
    features: ['Generic P0, P2, C0, B0 and U0 codes', 'Search by code or words', 'Likely causes'],
    icon: 'FileSearch',
    path: PATHS.troubleCodes,
  },
  {
    slug: 'maintenance-schedule',
    name: 'Maintenance Scheduler',
    category: 'Business',
    description: 'The routine services due at a vehicle’s mileage, from typical intervals.',
    requiredPlan: 'Free',
    openToCustomers: true,
    features: ['Interval table', 'Due now and next due', 'One service or all'],
    icon: 'ClipboardList',
    path: PATHS.maintenanceSchedule,
  },
  {
    slug: 'vin-decoder',
    name: 'VIN Decoder',
    category: 'Repair Information',
    description:
      'Check a VIN’s check digit and read its model year, manufacturer and country of origin.',
    requiredPlan: 'Basic',
    openToCustomers: true,
    features: ['Check digit (ISO 3779)', 'Model year', 'Manufacturer and country'],
    icon: 'Car',
    path: PATHS.vinDecoder,
  },
];

export const toolBySlug = (slug: ToolSlug): Tool => TOOLS.find((t) => t.slug === slug)!;
