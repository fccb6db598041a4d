import { PATHS } from '@shared/paths';
import { Link } from 'react-router';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useAdminTechnicians } from '../api/get-technicians';
import { useAdminRun } from '../use-admin-run';
import { useConfirm } from '../../../components/confirm-dialog';
import { setTechnicianStatus } from '../api/set-technician-status';

type AdminTechnician = NonNullable<ReturnType<typeof useAdminTechnicians>['data']>['items'][number];

export function TechniciansTab() {
  const [search, setSearch] = useState('');
  const list = useAdminTechnicians(search, true);
  const { run, pending, failure } = useAdminRun();
  const confirm = useConfirm();
  const columns: Column<AdminTechnician>[] = [
    {
      header: 'Name',
      primary: true,
      cell: (t) => (
        <>
          <strong>{t.name}</strong>
          <br />
          <span className="font-normal text-slate-500">{t.email}</span>
        </>
      ),
    },
    { header: 'Location', cell: (t) => t.location },
    {
      header: 'Rating',
      cell: (t) => `${Number(t.rating).toFixed(1)} (${t.totalReviews})`,
    },
    {
      header: 'Status',
      cell: (t) => (
        <Badge
          variant={
            t.status === 'approved'
              ? 'success'
              : t.status === 'suspended'
                ? 'destructive'
                : 'secondary'
          }
          className="capitalize"
        >
          {t.status}
        </Badge>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      className: 'space-x-2 whitespace-nowrap',
      cell: (t) => (
        <>
          {t.status === 'pending' && (
            <Button
              size="sm"
              disabled={pending}
              aria-label={`Approve ${t.name}`}
              onClick={() =>
                confirm.ask({
                  title: `Approve ${t.name}?`,
                  description: 'The technician can then receive jobs and use the POS.',
                  confirmLabel: 'Approve',
                  onConfirm: () =>
                    run(() => setTechnicianStatus(t.id, 'approve'), 'Technician approved'),
                })
              }
            >
              Approve
            </Button>
          )}
          {t.status === 'approved' && (
            <Button
              size="sm"
              variant="destructive"
              disabled={pending}
              aria-label={`Suspend ${t.name}`}
              onClick={() =>
                confirm.ask({
                  title: `Suspend ${t.name}?`,
                  description: 'The technician is signed out and stops receiving jobs.',
                  confirmLabel: 'Suspend',
                  destructive: true,
                  onConfirm: () =>
                    run(() => setTechnicianStatus(t.id, 'suspend'), 'Technician suspended'),
                })
              }
            >
              Suspend
            </Button>
          )}
          {t.status === 'suspended' && (
            <Button
              size="sm"
              variant="outline"
              disabled={pending}
              onClick={() =>
                void run(
                  () => setTechnicianStatus(t.id, 'reinstate'),
                  'Technician reinstated',
                  `reinstate-${t.id}`,
                )
              }
            >
              Reinstate
            </Button>
          )}
          <Button size="sm" variant="ghost" asChild>
            <Link
              to={`${PATHS.technicianVerifications}?technician=${t.id}`}
              aria-label={`Credentials of ${t.name}`}
            >
              Credentials
            </Link>
          </Button>
          <div className="whitespace-normal">
            <FormError message={failure?.key === `reinstate-${t.id}` ? failure.message : null} />
          </div>
        </>
      ),
    },
  ];
  return (
    <Card>
      {confirm.dialog}
      <CardHeader>
        <CardTitle>Technicians</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="max-w-sm space-y-1.5">
          <Label htmlFor="tech-search">Search technicians</Label>
          <Input
            id="tech-search"
            placeholder="Name, e-mail or location"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="sm:overflow-x-auto">
          <DataTable columns={columns} rows={list.data?.items ?? []} rowKey={(t) => t.id} />
        </div>
      </CardContent>
    </Card>
  );
}
