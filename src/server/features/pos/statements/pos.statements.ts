import type { FastifyInstance } from 'fastify';
import { monthsBetween, todayIn } from '@shared/analytics';
import { centsToDecimal } from '@shared/money';
import {
  STATEMENT_CSV_HEADER,
  STATEMENT_TIME_ZONE,
  statementRange,
  statementRangeError,
  type Statement,
  type StatementFigures,
  type StatementMonth,
  type StatementQuery,
} from '@shared/schemas/statements';
import { AppError } from '../../../infra/app-error';
import type { SessionUser } from '../../../infra/session';
import { disputesByMonth, paymentsByMonth, refundsByMonth } from './pos.statements.queries';

const num = (v: number | string | null | undefined) => Number(v ?? 0);

const EMPTY: StatementFigures = {
  cardCount: 0,
  cardCents: 0,
  tipCents: 0,
  refundCount: 0,
  refundCents: 0,
  disputeCount: 0,
  disputedCents: 0,
  disputesLostCents: 0,
  feeCents: 0,
  feesUnreportedCount: 0,
  netCents: 0,
  cashCents: 0,
  checkCents: 0,
  otherCents: 0,
};

/** What the technician received: the tips are theirs (the provider's fee covers them too). */
const netOf = (f: StatementFigures) =>
  f.cardCents + f.tipCents - f.refundCents - f.disputesLostCents - f.feeCents;

/** The asked range completed with its defaults, or a 400 saying what is wrong. */
export function resolveStatementRange(query: StatementQuery, now: Date) {
  const range = statementRange(query, todayIn(now, STATEMENT_TIME_ZONE).slice(0, 7));
  // The schema checks a range given whole; a half-given one is checked once completed.
  const error = statementRangeError(range.from, range.to);
  if (error) throw new AppError(400, error);
  return range;
}

/**
 * The signed-in technician's statement: every month of the range (America/New_York months),
 * their own payments only, and the totals.
 */
export async function statement(
  app: FastifyInstance,
  user: SessionUser | null,
  query: StatementQuery,
): Promise<Statement> {
  if (user?.technicianId == null) throw new AppError(403, 'Statements are for technicians');
  const { from, to } = resolveStatementRange(query, app.clock());
  const r = { technicianId: user.technicianId, from, to, tz: STATEMENT_TIME_ZONE };
  const [payments, refunds, disputes] = await Promise.all([
    paymentsByMonth(app.db, r),
    refundsByMonth(app.db, r),
    disputesByMonth(app.db, r),
  ]);
  const months = new Map<string, StatementMonth>(
    monthsBetween(from, to).map((month) => [month, { month, ...EMPTY }]),
  );
  // Rows outside the listed months cannot occur (the bounds are the months'); skip safely.
  for (const p of payments) {
    const m = months.get(p.month);
    if (!m) continue;
    m.cardCount = num(p.card_count);
    m.cardCents = num(p.card_cents);
    m.tipCents = num(p.tip_cents);
    m.feeCents = num(p.fee_cents);
    m.feesUnreportedCount = num(p.fees_unreported);
    m.cashCents = num(p.cash_cents);
    m.checkCents = num(p.check_cents);
    m.otherCents = num(p.other_cents);
  }
  for (const f of refunds) {
    const m = months.get(f.month);
    if (!m) continue;
    m.refundCount = num(f.refund_count);
    m.refundCents = num(f.refund_cents);
  }
  for (const d of disputes) {
    const m = months.get(d.month);
    if (!m) continue;
    m.disputeCount = num(d.dispute_count);
    m.disputedCents = num(d.disputed_cents);
    m.disputesLostCents = num(d.lost_cents);
  }
  const list = [...months.values()].map((m) => ({ ...m, netCents: netOf(m) }));
  const totals = { ...EMPTY };
  for (const m of list)
    for (const k of Object.keys(EMPTY) as (keyof StatementFigures)[]) totals[k] += m[k];
  return { from, to, timeZone: STATEMENT_TIME_ZONE, months: list, totals };
}

function csvLine(f: StatementMonth) {
  return [
    f.month,
    f.cardCount,
    centsToDecimal(f.cardCents),
    centsToDecimal(f.tipCents),
    f.refundCount,
    centsToDecimal(f.refundCents),
    f.disputeCount,
    centsToDecimal(f.disputedCents),
    centsToDecimal(f.disputesLostCents),
    centsToDecimal(f.feeCents),
    f.feesUnreportedCount,
    centsToDecimal(f.netCents),
    centsToDecimal(f.cashCents),
    centsToDecimal(f.checkCents),
    centsToDecimal(f.otherCents),
  ].join(',');
}

/**
 * The statement as CSV: a header, then one row per month (no total row, so that a column's sum
 * is the range's). Every cell is a month, a count or a decimal amount, so nothing needs quoting
 * and no cell can be a formula.
 */
export async function statementCsv(
  app: FastifyInstance,
  user: SessionUser | null,
  query: StatementQuery,
) {
  const s = await statement(app, user, query);
  const csv = [STATEMENT_CSV_HEADER.join(','), ...s.months.map(csvLine)].join('\r\n') + '\r\n';
  return { filename: `wrenchly-statement-${s.from}-to-${s.to}.csv`, csv };
}
