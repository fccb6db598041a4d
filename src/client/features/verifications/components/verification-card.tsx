import { FileText, Trash2, Undo2 } from 'lucide-react';
import { VERIFICATION_TYPE_LABELS } from '@shared/constants/domain';
import type { Verification } from '@shared/schemas/verifications';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { formatCalendarDate } from '../../../lib/dates';
import { VerificationStatusBadge } from '../status-badge';

export function VerificationCard({
  v,
  deleting,
  error,
  onDelete,
}: {
  v: Verification;
  deleting: boolean;
  /** Why the last delete or withdrawal was refused (the server's message). */
  error?: string | null;
  onDelete: () => void;
}) {
  // Pending: deleted. Rejected or expired: withdrawn (leaves the list, stays on record).
  const removable =
    v.verificationStatus === 'pending'
      ? { label: 'Delete', busy: 'Deleting...', Icon: Trash2 }
      : v.verificationStatus === 'rejected' || v.verificationStatus === 'expired'
        ? { label: 'Withdraw', busy: 'Withdrawing...', Icon: Undo2 }
        : null;
  return (
    <Card data-testid="verification">
      <CardHeader className="flex flex-row items-start justify-between gap-3 space-y-0">
        <div>
          <CardTitle className="text-lg">{v.credentialName}</CardTitle>
          <p className="text-sm text-slate-600">
            {VERIFICATION_TYPE_LABELS[v.verificationType]} · {v.issuingOrganization}
          </p>
        </div>
        <VerificationStatusBadge status={v.verificationStatus} />
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        {v.credentialNumber && <p>Credential Number: {v.credentialNumber}</p>}
        {v.issueDate && <p>Issued: {formatCalendarDate(v.issueDate)}</p>}
        {v.expirationDate && <p>Expires: {formatCalendarDate(v.expirationDate)}</p>}
        {v.documentUrl && (
          <a
            href={v.documentUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-blue-700 underline"
          >
            <FileText className="h-4 w-4" aria-hidden="true" /> View document
          </a>
        )}
        {v.verificationStatus === 'rejected' && v.notes && (
          <div className="rounded-md bg-red-50 p-3 text-red-800">
            <p className="font-semibold">Rejection Reason</p>
            <p>{v.notes}</p>
          </div>
        )}
        {v.verificationStatus === 'verified' && v.verifiedAt && (
          <p className="text-green-700">
            Verified on {formatCalendarDate(v.verifiedAt)}
            {v.verifiedBy && ` by ${v.verifiedBy}`}
          </p>
        )}
        {v.verificationStatus === 'verified' && v.checkedRegistry && (
          <p className="text-slate-600">
            Checked in {v.checkedRegistry}
            {v.checkedReference && `, reference ${v.checkedReference}`}
          </p>
        )}
        {v.verificationStatus === 'expired' && (
          <p className="text-slate-600">
            Add the renewed credential to keep it counting; withdraw this one to clear it from your
            list.
          </p>
        )}
        {removable && (
          <Button
            variant="outline"
            size="sm"
            disabled={deleting}
            onClick={onDelete}
            aria-label={`${removable.label} ${v.credentialName}`}
          >
            <removable.Icon className="mr-2 h-4 w-4" aria-hidden="true" />
            {deleting ? removable.busy : removable.label}
          </Button>
        )}
        <FormError message={error} />
      </CardContent>
    </Card>
  );
}
