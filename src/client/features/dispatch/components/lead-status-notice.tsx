import { AlertTriangle, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { JOB_LIMIT_REACHED, NO_PLAN_NO_LEADS } from '@shared/plans';
import { formatCalendarDate } from '../../../lib/dates';
import { useLeadStatus } from '../api/get-lead-status';

/** 'Dec 1': the day of a moment on the service area's clock. */
const day = (iso: string) => formatCalendarDate(iso).replace(/, \d{4}$/, '');

/**
 * Whether the technician gets leads (ADR 014): no plan, the monthly job cap reached (with an
 * upgrade link), a failed renewal in its grace period, or how many jobs are left this month.
 */
export function LeadStatusNotice({ technicianId }: { technicianId: number }) {
  const { data: s } = useLeadStatus(technicianId);
  if (!s) return null;
  if (s.status === 'none' || s.monthlyJobCap === 0)
    return (
      <Notice tone="warning" testId="lead-status">
        <p className="font-semibold">{NO_PLAN_NO_LEADS}.</p>
        <p>Customers can still find you in search. With a plan, new jobs near you come here.</p>
        <Link className="font-medium underline" to={PATHS.platformPayment}>
          Choose a plan
        </Link>
      </Notice>
    );
  if (s.limitReached)
    return (
      <Notice tone="warning" testId="lead-status">
        <p className="font-semibold">{JOB_LIMIT_REACHED}</p>
        <p>
          You have accepted {s.acceptedThisPeriod} of {s.monthlyJobCap} jobs this billing period
          {s.periodEnd ? `; new jobs reach you again from ${day(s.periodEnd)}` : ''}.
        </p>
        <Link className="font-medium underline" to={PATHS.platformPayment}>
          Upgrade your plan
        </Link>
      </Notice>
    );
  return (
    <Notice tone={s.inGrace ? 'warning' : 'info'} testId="lead-status">
      {s.inGrace && (
        <p className="font-semibold">
          Your plan&apos;s renewal failed: jobs still reach you for a few days.{' '}
          <Link className="underline" to={PATHS.platformPayment}>
            Update your payment
          </Link>
        </p>
      )}
      <p>
        {s.plan} plan:{' '}
        {s.monthlyJobCap === null
          ? 'unlimited jobs'
          : `${s.acceptedThisPeriod} of ${s.monthlyJobCap} jobs accepted this billing period`}
        .
      </p>
    </Notice>
  );
}

function Notice({
  tone,
  testId,
  children,
}: {
  tone: 'warning' | 'info';
  testId: string;
  children: ReactNode;
}) {
  const Icon = tone === 'warning' ? AlertTriangle : Info;
  return (
    <div
      role="status"
      data-testid={testId}
      className={
        tone === 'warning'
          ? 'mb-6 flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900'
          : 'mb-6 flex gap-3 rounded-md border bg-slate-50 p-4 text-sm text-slate-700'
      }
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="space-y-1">{children}</div>
    </div>
  );
}
