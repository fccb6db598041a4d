import { PLAN_RANK, type PlanTier } from './constants/domain';

/**
 * What each plan delivers, line by line of the plans page (the spec's plan list is the
 * contract). The server enforces every entry; the client only shows them.
 */
export type Entitlements = {
  tier: PlanTier;
  /** Matched by dispatch (lead notifications). */
  leads: boolean;
  /** Accepted jobs per billing period; null: unlimited. */
  monthlyJobCap: number | null;
  /** 'Featured listing' and 'Advanced search visibility'. */
  featured: boolean;
  /** 'Analytics dashboard' (basic) and 'Advanced analytics and reporting' (advanced, export). */
  analytics: 'none' | 'basic' | 'advanced';
  /** 'Exclusive point-of-sale system'. */
  pointOfSale: boolean;
  /** 'Custom branding'. */
  branding: boolean;
  /** 'API access'. */
  apiAccess: boolean;
  /** 'Basic support' (every technician writes to support) or 'Priority support' (answered first). */
  support: 'basic' | 'priority';
};

const NONE: Omit<Entitlements, 'tier'> = {
  leads: false,
  monthlyJobCap: 0,
  featured: false,
  analytics: 'none',
  pointOfSale: false,
  branding: false,
  apiAccess: false,
  support: 'basic',
};

export const PLAN_ENTITLEMENTS: Record<PlanTier, Entitlements> = {
  Free: { tier: 'Free', ...NONE },
  Basic: { tier: 'Basic', ...NONE, leads: true, monthlyJobCap: 10 },
  Premium: {
    tier: 'Premium',
    ...NONE,
    leads: true,
    monthlyJobCap: 25,
    featured: true,
    analytics: 'basic',
    support: 'priority',
  },
  Professional: {
    tier: 'Professional',
    leads: true,
    monthlyJobCap: null,
    featured: true,
    analytics: 'advanced',
    pointOfSale: true,
    branding: true,
    apiAccess: true,
    support: 'priority',
  },
};

/** A plan whose renewal failed keeps what it delivers this many days (then dunning ends it). */
export const GRACE_DAYS = 7;

export const JOB_LIMIT_REACHED = 'Monthly job limit reached – upgrade for more';

/** Without a plan a technician is listed but gets no leads (and cannot accept a job). */
export const NO_PLAN_NO_LEADS = 'You have no plan, so you receive no job leads – choose a plan';

/** Whether `tier` is at least `required` (Basic 1, Premium 2, Professional 3). */
export const atLeast = (tier: PlanTier, required: PlanTier) =>
  PLAN_RANK[tier] >= PLAN_RANK[required];
