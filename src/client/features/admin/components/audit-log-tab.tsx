import { formatTimestamp } from '../../../lib/dates';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { useAuditActions } from '../api/get-audit-actions';
import { AUDIT_PAGE_SIZE, useAuditLog, type AuditFilter } from '../api/get-audit-log';
import { Pager } from '../../../components/pager';

type AuditEntry = NonNullable<ReturnType<typeof useAuditLog>['data']>['items'][number];

const COLUMNS: Column<AuditEntry>[] = [
  {
    header: 'When',
    className: 'whitespace-nowrap text-slate-500',
    cell: (a) => formatTimestamp(a.createdAt),
  },
  { header: 'Actor', cell: (a) => a.actor ?? 'system' },
  { header: 'Action', className: 'font-mono text-xs', cell: (a) => a.action },
  { header: 'Record', cell: (a) => `${a.entityType}${a.entityId ? ` #${a.entityId}` : ''}` },
];

/** The full audit log: who did what to which record, filtered by actor, action and dates. */
export function AuditLogTab() {
  const [f, setF] = useState<Omit<AuditFilter, 'page'>>({});
  const [page, setPage] = useState(1);
  const rangeError =
    f.from && f.to && f.from > f.to ? 'The end date must not be before the start date' : '';
  const log = useAuditLog({ ...f, actor: f.actor?.trim(), page }, !rangeError);
  const actions = useAuditActions();
  const set = (patch: Partial<AuditFilter>) => {
    setF((old) => ({ ...old, ...patch }));
    setPage(1);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div className="space-y-1.5">
            <Label htmlFor="audit-actor">Actor</Label>
            <Input
              id="audit-actor"
              type="search"
              placeholder="User id, username or e-mail"
              maxLength={200}
              value={f.actor ?? ''}
              onChange={(e) => set({ actor: e.target.value })}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="audit-action">Action</Label>
            <Select
              id="audit-action"
              value={f.action ?? ''}
              onChange={(e) => set({ action: e.target.value || undefined })}
            >
              <option value="">All actions</option>
              {actions.data?.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="audit-from">From</Label>
            <Input
              id="audit-from"
              type="date"
              value={f.from ?? ''}
              onChange={(e) => set({ from: e.target.value || undefined })}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="audit-to">To</Label>
            <Input
              id="audit-to"
              type="date"
              value={f.to ?? ''}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? 'audit-range-error' : undefined}
              onChange={(e) => set({ to: e.target.value || undefined })}
            />
          </div>
        </div>
        {rangeError && (
          <p id="audit-range-error" role="alert" className="text-sm text-destructive">
            {rangeError}
          </p>
        )}
        {log.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(log.error, 'Could not load the audit log.')}
          </p>
        ) : log.data?.items.length === 0 ? (
          <p className="text-sm text-slate-600">No entries match.</p>
        ) : (
          <div className="sm:overflow-x-auto">
            <DataTable
              columns={COLUMNS}
              rows={log.data?.items ?? []}
              rowKey={(a) => a.id}
              aria-busy={log.isFetching}
            />
          </div>
        )}
        {log.data && (
          <Pager
            label="Audit log pages"
            page={page}
            pageSize={AUDIT_PAGE_SIZE}
            total={log.data.total}
            onPage={setPage}
          />
        )}
      </CardContent>
    </Card>
  );
}
