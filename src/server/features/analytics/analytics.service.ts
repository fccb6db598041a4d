import type { FastifyInstance } from 'fastify';
import { monthStartBefore, monthsBetween, todayIn } from '@shared/analytics';
import { POS_PAYMENT_METHODS, type PosPaymentMethod } from '@shared/constants/domain';
import {
  ANALYTICS_EXPORT_PLAN_REQUIRED,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_PLAN_REQUIRED,
  ANALYTICS_TECHNICIANS_ONLY,
  ANALYTICS_TIME_ZONE,
  daysInRange,
  type AnalyticsSummary,
} from '@shared/schemas/analytics';
import { AppError } from '../../infra/app-error';
import { technicianPlan } from '../../domain/entitlements';
import type { SessionUser } from '../../infra/session';
import * as q from './analytics.queries';
import { analyticsCsv, type MonthRow } from './analytics.presenters';

type User = SessionUser | null;
type Query = { from?: string; to?: string };

/** The signed-in technician and their plan, when it includes analytics at `level`. */
async function analyticsAccess(app: FastifyInstance, user: User, level: 'basic' | 'advanced') {
  if (user?.technicianId == null) throw new AppError(403, ANALYTICS_TECHNICIANS_ONLY);
  const plan = await technicianPlan(app.db, user.technicianId, app.clock());
  if (plan.analytics === 'none') throw new AppError(403, ANALYTICS_PLAN_REQUIRED);
  if (level === 'advanced' && plan.analytics !== 'advanced')
    throw new AppError(403, ANALYTICS_EXPORT_PLAN_REQUIRED);
  return { technicianId: user.technicianId, plan };
}

/** The asked range, or the last 12 months (this month and the 11 before) up to today. */
function resolveRange(query: Query, now: Date) {
  const to = query.to ?? todayIn(now, ANALYTICS_TIME_ZONE);
  const from = query.from ?? monthStartBefore(to, 11);
  // The schema checks a range given whole; a half-given one is checked once completed.
  if (from > to) throw new AppError(400, 'from must be on or before to');
  if (daysInRange(from, to) > ANALYTICS_MAX_DAYS)
    throw new AppError(400, 'The range can span at most 2 years');
  return { from, to };
}

const cents = (v: string | number | null | undefined) => Number(v ?? 0);
const stars = (sum: number, n: number) => (n === 0 ? null : (sum / n).toFixed(2));

/** Every figure of the range, month by month, and the totals. */
async function figures(app: FastifyInstance, technicianId: number, from: string, to: string) {
  const tz = ANALYTICS_TIME_ZONE;
  const bounds = await q.rangeBounds(app.db, from, to, tz);
  const r: q.Range = { technicianId, ...bounds, tz };
  const [notifications, answers, medians, completed, revenue, tickets, reviews] = await Promise.all(
    [
      q.notificationsByMonth(app.db, r),
      q.responseTimes(app.db, r),
      q.medianResponseByMonth(app.db, r),
      q.completedByMonth(app.db, r),
      q.revenueByMonthAndMethod(app.db, r),
      q.ticketCount(app.db, r),
      q.reviewsByMonth(app.db, r),
    ],
  );
  const months = new Map<string, MonthRow>(
    monthsBetween(from, to).map((month) => [
      month,
      {
        month,
        notified: 0,
        accepted: 0,
        declined: 0,
        expired: 0,
        medianResponseSeconds: null,
        completed: 0,
        revenue: { card: 0, cash: 0, check: 0, digital: 0 },
        payments: { card: 0, cash: 0, check: 0, digital: 0 },
        tips: 0,
        reviews: 0,
        stars: 0,
      },
    ]),
  );
  // Rows outside the listed months cannot occur (the bounds are the months' days); skip safely.
  for (const n of notifications) {
    const m = months.get(n.month);
    if (!m) continue;
    m.notified += n.n;
    if (n.status === 'accepted' || n.status === 'withdrawn') m.accepted += n.n;
    if (n.status === 'declined') m.declined += n.n;
    if (n.status === 'expired') m.expired += n.n;
  }
  for (const row of medians) {
    const m = months.get(row.month);
    if (m && row.median != null) m.medianResponseSeconds = Math.round(Number(row.median));
  }
  for (const c of completed) {
    const m = months.get(c.month);
    if (m) m.completed += c.n;
  }
  for (const p of revenue) {
    const m = months.get(p.month);
    if (!m || !(POS_PAYMENT_METHODS as readonly string[]).includes(p.method)) continue;
    m.revenue[p.method as PosPaymentMethod] += cents(p.cents);
    m.payments[p.method as PosPaymentMethod] += p.n;
    m.tips += cents(p.tip_cents);
  }
  for (const rv of reviews) {
    const m = months.get(rv.month);
    if (!m) continue;
    m.reviews += rv.n;
    m.stars += rv.stars;
  }
  return { months: [...months.values()], answers, tickets };
}

const sum = <T>(list: readonly T[], f: (x: T) => number) => list.reduce((a, x) => a + f(x), 0);
const monthRevenue = (m: MonthRow) => sum(POS_PAYMENT_METHODS, (k) => m.revenue[k]);
const money = (c: number) => (c / 100).toFixed(2);

export async function analyticsSummary(
  app: FastifyInstance,
  user: User,
  query: Query,
): Promise<AnalyticsSummary> {
  const { technicianId, plan } = await analyticsAccess(app, user, 'basic');
  const { from, to } = resolveRange(query, app.clock());
  const { months, answers, tickets } = await figures(app, technicianId, from, to);
  const accepted = sum(months, (m) => m.accepted);
  const declined = sum(months, (m) => m.declined);
  const expired = sum(months, (m) => m.expired);
  const decided = accepted + declined + expired;
  const revenue = sum(months, monthRevenue);
  const reviews = sum(months, (m) => m.reviews);
  const advanced = plan.analytics === 'advanced';
  return {
    plan: plan.tier,
    level: advanced ? 'advanced' : 'basic',
    from,
    to,
    timeZone: ANALYTICS_TIME_ZONE,
    basic: {
      notifications: {
        notified: sum(months, (m) => m.notified),
        accepted,
        declined,
        expired,
        acceptanceRate: decided === 0 ? null : Math.round((accepted / decided) * 10_000) / 10_000,
        medianResponseSeconds: answers.medianSeconds,
      },
      jobsCompleted: sum(months, (m) => m.completed),
      revenue: {
        total: money(revenue),
        tickets,
        averageTicket: tickets === 0 ? null : money(Math.round(revenue / tickets)),
        tips: money(sum(months, (m) => m.tips)),
      },
      ratings: {
        reviews,
        average: stars(
          sum(months, (m) => m.stars),
          reviews,
        ),
      },
      months: months.map((m) => ({
        month: m.month,
        notified: m.notified,
        accepted: m.accepted,
        completed: m.completed,
      })),
    },
    advanced: advanced
      ? {
          revenueByMethod: POS_PAYMENT_METHODS.map((method) => ({
            method,
            amount: money(sum(months, (m) => m.revenue[method])),
            payments: sum(months, (m) => m.payments[method]),
          })),
          revenueByMonth: months.map((m) => ({
            month: m.month,
            card: money(m.revenue.card),
            cash: money(m.revenue.cash),
            check: money(m.revenue.check),
            digital: money(m.revenue.digital),
            total: money(monthRevenue(m)),
            tips: money(m.tips),
          })),
          ratingsByMonth: months.map((m) => ({
            month: m.month,
            reviews: m.reviews,
            average: stars(m.stars, m.reviews),
          })),
          responseTimes: answers.buckets,
        }
      : null,
  };
}

/** The range month by month as CSV (Professional: 'advanced analytics and reporting'). */
export async function analyticsExport(app: FastifyInstance, user: User, query: Query) {
  const { technicianId } = await analyticsAccess(app, user, 'advanced');
  const { from, to } = resolveRange(query, app.clock());
  const { months, answers } = await figures(app, technicianId, from, to);
  return {
    filename: `wrenchly-analytics-${from}-to-${to}.csv`,
    csv: analyticsCsv(months, { medianResponseSeconds: answers.medianSeconds }),
  };
}
