import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { usePendingApprovals } from '../api/get-pending-approvals';
import { openDocument } from '../open-document';
import type { useAdminRun } from '../use-admin-run';
import { useConfirm } from '../../../components/confirm-dialog';
import { approveUser } from '../api/approve-user';
import { decideApplication } from '../api/decide-application';
import { rejectUser } from '../api/reject-user';

/** Registrations and technician applications waiting for an admin's decision. */
export function PendingApprovals({ run, pending }: ReturnType<typeof useAdminRun>) {
  const pendingQueue = usePendingApprovals(true);
  const confirm = useConfirm();
  return (
    <Card>
      {confirm.dialog}
      <CardHeader>
        <CardTitle>Pending Approvals</CardTitle>
      </CardHeader>
      <CardContent>
        {pendingQueue.data?.length === 0 ? (
          <p className="text-sm text-slate-600">No pending approvals.</p>
        ) : (
          <ul className="divide-y">
            {pendingQueue.data?.map((p) => (
              <li
                key={`${p.kind}-${p.id}`}
                className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm"
              >
                <div>
                  <p className="font-semibold">
                    {p.name}{' '}
                    <Badge variant="outline">
                      {p.kind === 'application' ? 'Application' : 'Registration'}
                    </Badge>
                  </p>
                  <p className="text-slate-500">
                    {p.email} · {p.details}
                  </p>
                  {p.documents.length > 0 && (
                    <p className="flex flex-wrap items-center gap-2 text-slate-500">
                      Documents:
                      {p.documents.map((d) => (
                        <button
                          key={d.documentId}
                          type="button"
                          className="min-h-6 text-blue-700 underline"
                          onClick={() => openDocument(d.documentId)}
                        >
                          {d.label}
                        </button>
                      ))}
                    </p>
                  )}
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    disabled={pending}
                    aria-label={`Approve ${p.name}`}
                    onClick={() =>
                      confirm.ask({
                        title: `Approve ${p.name}?`,
                        description:
                          p.kind === 'application'
                            ? 'This creates an approved technician account and e-mails a link to set a password.'
                            : 'The account is approved and the user is told by e-mail.',
                        confirmLabel: 'Approve',
                        onConfirm: () =>
                          run(
                            p.kind === 'application'
                              ? () => decideApplication(p.id, 'approve')
                              : () => approveUser(p.id),
                            'Approved',
                          ),
                      })
                    }
                  >
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={pending}
                    aria-label={`Reject ${p.name}`}
                    onClick={() =>
                      confirm.ask({
                        title: `Reject ${p.name}?`,
                        description: `The ${p.kind === 'application' ? 'applicant' : 'user'} is told by e-mail. This cannot be undone.`,
                        confirmLabel: 'Reject',
                        destructive: true,
                        onConfirm: () =>
                          p.kind === 'application'
                            ? run(() => decideApplication(p.id, 'reject'), 'Application rejected')
                            : run(() => rejectUser(p.id), 'Registration rejected'),
                      })
                    }
                  >
                    Reject
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
