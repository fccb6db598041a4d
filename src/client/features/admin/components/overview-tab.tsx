import { formatTimestamp } from '../../../lib/dates';
import { AlertTriangle, CreditCard, DollarSign, Info, TrendingUp, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminOverview } from '@shared/schemas/admin';
import { PATHS } from '@shared/paths';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { money } from '../format';
import { RecentPayments } from './recent-payments';
import { Stat } from './stat';

export function OverviewTab({
  overview: o,
  onShowAuditLog,
}: {
  overview: AdminOverview | undefined;
  /** Opens the full audit log. */
  onShowAuditLog?: () => void;
}) {
  if (!o)
    return (
      <div className="grid gap-4 md:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          icon={DollarSign}
          label="Revenue This Month"
          value={money(o.revenueThisMonth)}
          note={
            o.revenueGrowthPercent === null
              ? 'No revenue last month'
              : `${o.revenueGrowthPercent >= 0 ? '+' : ''}${o.revenueGrowthPercent}% from last month`
          }
        />
        <Stat
          icon={TrendingUp}
          label="Total Revenue"
          value={money(o.revenueTotal)}
          note={`${money(o.revenueLastMonth)} last month`}
        />
        <Stat
          icon={Users}
          label="Active Subscriptions"
          value={String(o.activeSubscriptions.total)}
          note={
            Object.entries(o.activeSubscriptions.byPlan)
              .map(([p, n]) => `${p}: ${n}`)
              .join(' · ') || 'None yet'
          }
        />
        <Stat
          icon={CreditCard}
          label="Pending Payments"
          value={String(o.pendingPayments.count)}
          note={money(o.pendingPayments.amount)}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Recent Alerts</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2">
            {o.alerts.length === 0 ? (
              <p className="text-sm text-slate-600">All clear.</p>
            ) : (
              o.alerts.map((a) => (
                // Each alert leads to the tab that deals with it.
                <Link
                  key={a.message}
                  to={`${PATHS.adminDashboard}?tab=${a.tab}`}
                  className={`flex items-center gap-2 rounded-md p-2 text-sm underline-offset-2 hover:underline focus-visible:outline-2 ${a.level === 'critical' ? 'bg-red-50 text-red-800' : a.level === 'warning' ? 'bg-amber-50 text-amber-800' : 'bg-blue-50 text-blue-800'}`}
                >
                  {a.level === 'info' ? (
                    <Info className="h-4 w-4" aria-hidden="true" />
                  ) : (
                    <AlertTriangle className="h-4 w-4" aria-hidden="true" />
                  )}
                  {a.message}
                </Link>
              ))
            )}
          </CardContent>
        </Card>
        <RecentPayments payments={o.recentPayments} />
      </div>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Recent Activity</CardTitle>
          {onShowAuditLog && (
            <Button variant="outline" size="sm" onClick={onShowAuditLog}>
              Full audit log
            </Button>
          )}
        </CardHeader>
        <CardContent>
          {o.recentAudit.length === 0 ? (
            <p className="text-sm text-slate-600">No admin actions yet.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {o.recentAudit.map((a) => (
                <li key={a.id}>
                  <span className="text-slate-500">{formatTimestamp(a.createdAt)}</span> ·{' '}
                  {a.actor ?? 'system'} · {a.action} {a.entityType} #{a.entityId}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
