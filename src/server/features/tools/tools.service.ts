import type { FastifyInstance } from 'fastify';
import type { PlanTier } from '@shared/constants/domain';
import { atLeast } from '@shared/plans';
import {
  DTC_SEARCH_LIMIT,
  type Dtc,
  type MaintenanceService,
  type MaintenanceSchedule,
} from '@shared/schemas/tools';
import { TOOLS, toolBySlug, type Tool, type ToolSlug } from '@shared/tools';
import { technicianPlan } from '../../domain/entitlements';
import { AppError } from '../../infra/app-error';
import type { SessionUser } from '../../infra/session';
import { DTC_TABLE, type DtcEntry } from './tools.dtc-table';
import {
  DUE_WINDOW_MILES,
  MAINTENANCE_INTERVALS,
  MAINTENANCE_SOURCE,
} from './tools.maintenance-table';
import { decodeVin } from './tools.vin';

type User = SessionUser | null;

/** The caller's plan tier: a technician's live plan (grace included), Free for everyone else. */
async function tierOf(app: FastifyInstance, user: User): Promise<PlanTier> {
  if (user?.role !== 'technician' || user.technicianId == null) return 'Free';
  return (await technicianPlan(app.db, user.technicianId, app.clock())).tier;
}

/**
 * Why the caller may not use a tool, or null when they may: Free tools are everyone's
 * (visitors included); a paid tool needs a signed-in technician on that plan or higher, an
 * admin, or a customer when the tool serves a customer screen (customers hold no plan).
 */
function refusal(tool: Tool, user: User, tier: PlanTier): AppError | null {
  if (tool.requiredPlan === 'Free') return null;
  if (!user) return new AppError(401, `Sign in to use the ${tool.name}`);
  if (user.role === 'admin' || (user.role === 'customer' && tool.openToCustomers)) return null;
  if (atLeast(tier, tool.requiredPlan)) return null;
  return new AppError(
    403,
    `The ${tool.name} needs the ${tool.requiredPlan} plan or higher (your plan: ${tier})`,
  );
}

async function assertTool(app: FastifyInstance, user: User, slug: ToolSlug) {
  const tool = toolBySlug(slug);
  const refused = refusal(
    tool,
    user,
    tool.requiredPlan === 'Free' ? 'Free' : await tierOf(app, user),
  );
  if (refused) throw refused;
}

export async function catalogue(app: FastifyInstance, user: User) {
  const tier = await tierOf(app, user);
  return {
    currentPlan: tier,
    signedIn: user !== null,
    items: TOOLS.map((tool) => {
      const { openToCustomers: _, ...shown } = tool;
      return { ...shown, unlocked: refusal(tool, user, tier) === null };
    }),
  };
}

const SYSTEMS = { P: 'Powertrain', C: 'Chassis', B: 'Body', U: 'Network' } as const;

const dtcOut = (e: DtcEntry): Dtc => ({
  code: e.code,
  system: SYSTEMS[e.code[0] as keyof typeof SYSTEMS],
  description: e.description,
  causes: [...e.causes],
});

/** One code (well formed, upper case): its entry, or 404 naming why it may be missing. */
export async function lookupDtc(app: FastifyInstance, user: User, code: string): Promise<Dtc> {
  await assertTool(app, user, 'trouble-codes');
  const entry = DTC_TABLE.get(code);
  if (entry) return dtcOut(entry);
  const generic = code[1] === '0' || (code[0] === 'P' && code[1] === '2');
  throw new AppError(
    404,
    generic
      ? `${code} is not in the generic code table`
      : `${code} is a manufacturer-specific code: its meaning depends on the make (see the maker's service information)`,
  );
}

/** Codes whose code starts with, or whose description holds every word of, the query. */
export async function searchDtc(app: FastifyInstance, user: User, q: string) {
  await assertTool(app, user, 'trouble-codes');
  const query = q.trim();
  const upper = query.toUpperCase();
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = [...DTC_TABLE.values()].filter((e) => {
    if (e.code.startsWith(upper)) return true;
    const text = e.description.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  return {
    q: query,
    total: matches.length,
    items: matches.slice(0, DTC_SEARCH_LIMIT).map(dtcOut),
  };
}

export async function vin(app: FastifyInstance, user: User, value: string) {
  await assertTool(app, user, 'vin-decoder');
  return decodeVin(value, app.clock());
}

/**
 * The services due at `mileage`: those within DUE_WINDOW_MILES of a multiple of their interval
 * (a car at 29,400 or 30,600 miles is due its 30,000-mile services); none at 0.
 */
export async function maintenance(
  app: FastifyInstance,
  user: User,
  mileage: number,
  service?: MaintenanceService,
): Promise<MaintenanceSchedule> {
  await assertTool(app, user, 'maintenance-schedule');
  const items = MAINTENANCE_INTERVALS.filter((i) => !service || i.service === service).map((i) => {
    const nearest = Math.round(mileage / i.intervalMiles) * i.intervalMiles;
    const due = nearest > 0 && Math.abs(mileage - nearest) <= DUE_WINDOW_MILES;
    const next = due ? nearest : (Math.floor(mileage / i.intervalMiles) + 1) * i.intervalMiles;
    return { ...i, due, nextDueMiles: next };
  });
  return {
    mileage,
    dueWindowMiles: DUE_WINDOW_MILES,
    source: MAINTENANCE_SOURCE,
    due: items.filter((i) => i.due),
    items,
  };
}
