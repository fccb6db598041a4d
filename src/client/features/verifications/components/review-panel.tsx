import { FileText } from 'lucide-react';
import { useState } from 'react';
import { VERIFICATION_TYPE_LABELS } from '@shared/constants/domain';
import {
  CHECK_NOTE_REQUIRED,
  CHECKED_REFERENCE_REQUIRED,
  CHECKED_REGISTRY_REQUIRED,
  type AdminVerification,
} from '@shared/schemas/verifications';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { FormError, reportActionError, useFormError } from '../../../components/ui/form-error';
import { invalidProps, serverErrors, type FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { formatCalendarDate } from '../../../lib/dates';
import { useUpdateVerificationStatus } from '../api/update-verification-status';

const CHECK_FIELDS = ['checkedRegistry', 'checkedReference'] as const;

/**
 * An admin's review of one credential. Verified needs evidence kept on the record: the attached
 * document, or a note of how it was checked (the registry and the reference found there).
 */
export function ReviewPanel({ v, onDone }: { v: AdminVerification; onDone: () => void }) {
  const update = useUpdateVerificationStatus();
  const [status, setStatus] = useState<'verified' | 'rejected' | 'pending'>('pending');
  const [notes, setNotes] = useState(v.notes ?? '');
  const [registry, setRegistry] = useState('');
  const [reference, setReference] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FormErrors<(typeof CHECK_FIELDS)[number]>>({});
  // The server's refusal stays by Update Status until the next attempt.
  const error = useFormError();
  const hasDocument = v.documentId !== null;
  const needsCheck = status === 'verified' && !hasDocument;

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
        {status === 'verified' && (
          <fieldset className="space-y-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">
              How you checked it{hasDocument ? ' (optional)' : ''}
            </legend>
            {!hasDocument && (
              <p className="text-slate-600">
                No document is attached: note the registry you checked and the reference it shows.
              </p>
            )}
            <div className="space-y-1.5">
              <Label htmlFor="review-registry">Registry{hasDocument ? '' : ' *'}</Label>
              <Input
                id="review-registry"
                value={registry}
                placeholder="e.g. Maryland MVA license lookup"
                onChange={(e) => {
                  setRegistry(e.target.value);
                  setFieldErrors(({ checkedRegistry: _r, ...rest }) => rest);
                }}
                {...invalidProps('review-registry', fieldErrors.checkedRegistry)}
              />
              <FieldError id="review-registry-error" message={fieldErrors.checkedRegistry} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="review-reference">Reference{hasDocument ? '' : ' *'}</Label>
              <Input
                id="review-reference"
                value={reference}
                placeholder="e.g. the record or confirmation number"
                onChange={(e) => {
                  setReference(e.target.value);
                  setFieldErrors(({ checkedReference: _r, ...rest }) => rest);
                }}
                {...invalidProps('review-reference', fieldErrors.checkedReference)}
              />
              <FieldError id="review-reference-error" message={fieldErrors.checkedReference} />
            </div>
          </fieldset>
        )}
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
              // The server's rule, checked before sending: Verified needs evidence on record.
              const missing = {
                ...(needsCheck && !registry.trim()
                  ? { checkedRegistry: CHECKED_REGISTRY_REQUIRED }
                  : {}),
                ...(needsCheck && !reference.trim()
                  ? { checkedReference: CHECKED_REFERENCE_REQUIRED }
                  : {}),
              };
              setFieldErrors(missing);
              if (Object.keys(missing).length > 0) {
                error.report(null, CHECK_NOTE_REQUIRED);
                return;
              }
              const check =
                status === 'verified'
                  ? { checkedRegistry: registry.trim(), checkedReference: reference.trim() }
                  : {};
              update.mutate(
                { id: v.id, status, notes, ...check },
                {
                  onSuccess: () => {
                    notify({
                      title: 'Verification Updated',
                      description: `${v.credentialName} is now ${status}.`,
                    });
                    onDone();
                  },
                  onError: (err) => {
                    const fields = serverErrors(err, CHECK_FIELDS, '');
                    if (!fields.form) setFieldErrors(fields);
                    error.report(
                      null,
                      reportActionError(err, 'Update Failed', 'Failed to update verification'),
                    );
                  },
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
