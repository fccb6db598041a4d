import type { AdminOverview } from '@shared/schemas/admin';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatShortDate } from '../../../lib/dates';
import { money, statusLabel } from '../format';

export function RecentPayments({ payments }: { payments: AdminOverview['recentPayments'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Payments</CardTitle>
      </CardHeader>
      <CardContent>
        {payments.length === 0 ? (
          <p className="text-sm text-slate-600">No payments yet.</p>
        ) : (
          <ul className="divide-y">
            {payments.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <strong>{p.technicianName}</strong>
                  <br />
                  <span className="text-slate-500">
                    {p.description} · {formatShortDate(p.createdAt)}
                  </span>
                </span>
                <span className="text-right">
                  {money(p.amount)}
                  <br />
                  <Badge
                    variant={
                      p.status === 'succeeded'
                        ? 'success'
                        : p.status === 'failed'
                          ? 'destructive'
                          : 'secondary'
                    }
                  >
                    {statusLabel(p.status)}
                  </Badge>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
