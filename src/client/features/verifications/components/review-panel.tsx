import { FileText } from 'lucide-react';
import { useState } from 'react';
import { VERIFICATION_TYPE_LABELS } from '@shared/constants/domain';
import type { AdminVerification } from '@shared/schemas/verifications';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { FormError, reportActionError, useFormError } from '../../../components/ui/form-error';
import { notify } from '../../../lib/toast';
import { formatCalendarDate } from '../../../lib/dates';
import { useUpdateVerificationStatus } from '../api/update-verification-status';

export function ReviewPanel({ v, onDone }: { v: AdminVerification; onDone: () => void }) {
  const update = useUpdateVerificationStatus();
  const [status, setStatus] = useState<'verified' | 'rejected' | 'pending'>('pending');
  const [notes, setNotes] = useState(v.notes ?? '');
  // The server's refusal stays by Update Status until the next attempt.
  const error = useFormError();

  return (
    <Card aria-label="Review verification" role="region">
      <CardHeader>
        <CardTitle>Review Verification</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <div>
          <p className="font-semibold">
            {v.technician.user.firstName} {v.technician.user.lastName}
          </p>
          <p className="text-slate-600">{v.technician.user.email}</p>
        </div>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-500">Type</dt>
          <dd>{VERIFICATION_TYPE_LABELS[v.verificationType]}</dd>
          <dt className="text-slate-500">Credential</dt>
          <dd>{v.credentialName}</dd>
          <dt className="text-slate-500">Issued by</dt>
          <dd>{v.issuingOrganization}</dd>
          {v.credentialNumber && (
            <>
              <dt className="text-slate-500">Number</dt>
              <dd>{v.credentialNumber}</dd>
            </>
          )}
          {v.issueDate && (
            <>
              <dt className="text-slate-500">Issued</dt>
              <dd>{formatCalendarDate(v.issueDate)}</dd>
            </>
          )}
          {v.expirationDate && (
            <>
              <dt className="text-slate-500">Expires</dt>
              <dd>{formatCalendarDate(v.expirationDate)}</dd>
            </>
          )}
        </dl>
        {v.documentUrl ? (
          <a
            href={v.documentUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-blue-700 underline"
          >
            <FileText className="h-4 w-4" aria-hidden="true" /> View attached document
          </a>
        ) : (
          <p className="text-slate-500">No document attached.</p>
        )}
        <div className="space-y-1.5">
          <Label htmlFor="review-status">Status</Label>
          <Select
            id="review-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
          >
            <option value="pending">Pending</option>
            <option value="verified">Verified</option>
            <option value="rejected">Rejected</option>
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="review-notes">Notes</Label>
          <Textarea
            id="review-notes"
            rows={3}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </div>
        <FormError id={error.id} message={error.message} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button
            disabled={update.isPending}
            aria-describedby={error.describedBy}
            onClick={() => {
              error.clear();
              update.mutate(
                { id: v.id, status, notes },
                {
                  onSuccess: () => {
                    notify({
                      title: 'Verification Updated',
                      description: `${v.credentialName} is now ${status}.`,
                    });
                    onDone();
                  },
                  onError: (err) =>
                    error.report(
                      null,
                      reportActionError(err, 'Update Failed', 'Failed to update verification'),
                    ),
                },
              );
            }}
          >
            {update.isPending ? 'Updating...' : 'Update Status'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
