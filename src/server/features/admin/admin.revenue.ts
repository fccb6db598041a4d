import type { FastifyInstance } from 'fastify';
import { monthsBetween, todayIn } from '@shared/analytics';
import {
  STATEMENT_TIME_ZONE,
  statementRange,
  statementRangeError,
  type Revenue,
  type RevenueMonth,
  type StatementQuery,
} from '@shared/schemas/statements';
import { AppError } from '../../infra/app-error';
import { planRevenueByMonth, technicianCardVolumeByMonth } from './admin.revenue.queries';

const num = (v: number | string | null | undefined) => Number(v ?? 0);

/**
 * The platform's revenue (plan payments, less refunds made in the provider's dashboard) and, apart,
 * the technicians' card volume through the platform, month by month (America/New_York).
 */
export async function revenue(app: FastifyInstance, query: StatementQuery): Promise<Revenue> {
  const { from, to } = statementRange(query, todayIn(app.clock(), STATEMENT_TIME_ZONE).slice(0, 7));
  const error = statementRangeError(from, to);
  if (error) throw new AppError(400, error);
  const r = { from, to, tz: STATEMENT_TIME_ZONE };
  const [plans, cards] = await Promise.all([
    planRevenueByMonth(app.db, r),
    technicianCardVolumeByMonth(app.db, r),
  ]);
  const months = new Map<string, RevenueMonth>(
    monthsBetween(from, to).map((month) => [
      month,
      {
        month,
        planPaymentCount: 0,
        platformRevenueCents: 0,
        technicianCardCount: 0,
        technicianCardVolumeCents: 0,
      },
    ]),
  );
  for (const p of plans) {
    const m = months.get(p.month);
    if (!m) continue;
    m.planPaymentCount = num(p.n);
    m.platformRevenueCents = num(p.cents);
  }
  for (const c of cards) {
    const m = months.get(c.month);
    if (!m) continue;
    m.technicianCardCount = num(c.n);
    m.technicianCardVolumeCents = num(c.cents);
  }
  const list = [...months.values()];
  const sum = (k: Exclude<keyof RevenueMonth, 'month'>) => list.reduce((t, m) => t + m[k], 0);
  return {
    from,
    to,
    timeZone: STATEMENT_TIME_ZONE,
    months: list,
    totals: {
      planPaymentCount: sum('planPaymentCount'),
      platformRevenueCents: sum('platformRevenueCents'),
      technicianCardCount: sum('technicianCardCount'),
      technicianCardVolumeCents: sum('technicianCardVolumeCents'),
    },
  };
}
