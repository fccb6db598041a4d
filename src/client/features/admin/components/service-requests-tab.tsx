import { formatTimestamp } from '../../../lib/dates';
import { useState, type ComponentType } from 'react';
import { SERVICE_REQUEST_STATUSES } from '@shared/constants/domain';
import { SERVICE_REQUEST_STATUS_LABELS } from '@shared/service-request-rules';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { ServiceRequestStatusBadge } from '../../../components/service-request-status';
import { useAdminServiceRequests, type JobStatus } from '../api/get-service-requests';
import { Pager } from '../../../components/pager';
import { useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../api/keys';

/** A request's detail, opened from the list (the route gives it: features do not import each other). */
export type ServiceRequestDetail = ComponentType<{
  reference: string | null;
  onClose: () => void;
  /** After the admin moved the request: the admin area's counts and lists refresh. */
  onMoved: () => Promise<unknown>;
}>;

/** Every service request: unmatched first, filter by state, search by reference or e-mail. */
export function ServiceRequestsTab({ Detail }: { Detail: ServiceRequestDetail }) {
  const qc = useQueryClient();
  const [status, setStatus] = useState<JobStatus | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useAdminServiceRequests({ status: status || undefined, q: q.trim(), page });
  const data = list.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Service Requests</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor="request-status">State</Label>
            <Select
              id="request-status"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as JobStatus | '');
                setPage(1);
              }}
            >
              <option value="">All states</option>
              {SERVICE_REQUEST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {SERVICE_REQUEST_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="request-search">Search requests</Label>
            <Input
              id="request-search"
              type="search"
              placeholder="WR-000123 or customer e-mail"
              value={q}
              maxLength={200}
              onChange={(e) => {
                setQ(e.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
        {list.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the service requests.
          </p>
        ) : data?.items.length === 0 ? (
          <p className="text-sm text-slate-600">No service requests match.</p>
        ) : (
          <ul className="divide-y" aria-label="Service requests" aria-busy={list.isFetching}>
            {data?.items.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    {r.reference}
                    <ServiceRequestStatusBadge status={r.status} />
                  </p>
                  <p className="text-slate-600">
                    {r.serviceType} · {r.location}
                  </p>
                  <p className="truncate text-slate-500">
                    {r.customerName}
                    {r.customerEmail ? ` · ${r.customerEmail}` : ''} ·{' '}
                    {formatTimestamp(r.createdAt)}
                  </p>
                  {r.technicianName && (
                    <p className="text-slate-500">Technician: {r.technicianName}</p>
                  )}
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Open ${r.reference}`}
                  onClick={() => setOpen(r.reference)}
                >
                  Open
                </Button>
              </li>
            ))}
          </ul>
        )}
        {data && (
          <Pager
            label="Service requests pages"
            page={page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={setPage}
          />
        )}
      </CardContent>
      <Detail
        reference={open}
        onClose={() => setOpen(null)}
        onMoved={() => qc.invalidateQueries({ queryKey: adminKeys.all })}
      />
    </Card>
  );
}
