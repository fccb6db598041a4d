import { useState } from 'react';
import { Link } from 'react-router';
import { myJobPath, requestPath } from '@shared/paths';
import {
  warrantyClaimInputSchema,
  warrantyText,
  type WarrantyClaim,
} from '@shared/schemas/warranty';
import { formatCalendarDate, formatCount, formatTimestamp } from '../../../../lib/dates';
import { AnchoredSection } from '../../../../components/anchored-section';
import { ReasonDialog } from '../../../../components/reason-dialog';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { FormError, useFormError } from '../../../../components/ui/form-error';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { Textarea } from '../../../../components/ui/textarea';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import type { ServiceRequestRef } from '../../api/keys';
import { useAnswerClaim, useOpenClaim, useWarranty } from '../api/warranty';

const STATUS = { open: 'Waiting for an answer', accepted: 'Accepted', declined: 'Declined' };

/**
 * A completed job's workmanship warranty (ADR 044): its term, the claims and their answers; the
 * customer opens a claim, the technician accepts (a repair at no charge) or declines it.
 */
export function WarrantySection({
  req,
  side,
}: {
  req: ServiceRequestRef;
  side: 'customer' | 'technician';
}) {
  const warranty = useWarranty(req);
  const w = warranty.data;
  return (
    <AnchoredSection id="warranty" label="Warranty">
      <Card>
        <CardHeader>
          <CardTitle>Warranty</CardTitle>
          {w && <p className="text-sm text-slate-600">{warrantyText(w.terms)}</p>}
        </CardHeader>
        <CardContent className="space-y-4">
          {w?.coveredUntil && (
            <p className="text-sm" data-testid="warranty-term">
              Covered until {formatCalendarDate(w.coveredUntil.slice(0, 10))}
              {w.coveredMiles !== null ? ` or ${formatCount(w.coveredMiles)} miles` : ''}.
            </p>
          )}
          {w?.claims.map((c) => (
            <Claim key={c.id} claim={c} req={req} side={side} />
          ))}
          {side === 'customer' && w?.canClaim && <ClaimForm req={req} />}
        </CardContent>
      </Card>
    </AnchoredSection>
  );
}

function Claim({
  claim: c,
  req,
  side,
}: {
  claim: WarrantyClaim;
  req: ServiceRequestRef;
  side: 'customer' | 'technician';
}) {
  const answer = useAnswerClaim(req);
  const [declining, setDeclining] = useState(false);
  const failure = useFormError();
  const send = (body: Parameters<typeof answer.mutate>[0]['answer']) =>
    answer.mutate(
      { id: c.id, answer: body },
      {
        onSuccess: () => {
          setDeclining(false);
          notify({ title: body.decision === 'accept' ? 'Claim accepted' : 'Claim declined' });
        },
        onError: (err) => void failure.report(err, 'The answer was not saved.'),
      },
    );
  return (
    <div className="space-y-2 rounded-md border p-3 text-sm" data-testid="warranty-claim">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant={c.status === 'declined' ? 'destructive' : 'secondary'}>
          {STATUS[c.status]}
        </Badge>
        <span className="text-slate-600">Claimed {formatTimestamp(c.createdAt)}</span>
      </p>
      <p className="whitespace-pre-wrap">{c.problem}</p>
      {c.mileage !== null && <p className="text-slate-600">Mileage: {formatCount(c.mileage)}</p>}
      {c.declineReason && <p>Reason: {c.declineReason}</p>}
      {c.followUpReference && (
        <p>
          Repair at no charge:{' '}
          <Link
            className="underline"
            to={
              side === 'technician'
                ? myJobPath(c.followUpReference)
                : requestPath(c.followUpReference)
            }
          >
            {c.followUpReference}
          </Link>
        </p>
      )}
      {side === 'technician' && c.status === 'open' && (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={answer.isPending}
            onClick={() => send({ decision: 'accept' })}
          >
            Accept: repair at no charge
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDeclining(true)}>
            Decline
          </Button>
          <FormError id={failure.id} message={failure.message} />
        </div>
      )}
      <ReasonDialog
        open={declining}
        title="Decline the warranty claim"
        description="Tell the customer why the claim is not covered."
        confirmLabel="Decline claim"
        missing="Please give a reason for declining"
        pending={answer.isPending}
        error={answer.error ? errorMessage(answer.error, 'The answer was not saved.') : undefined}
        onClose={() => setDeclining(false)}
        onConfirm={(reason) => send({ decision: 'decline', reason })}
      />
    </div>
  );
}

function ClaimForm({ req }: { req: ServiceRequestRef }) {
  const open = useOpenClaim(req);
  const [problem, setProblem] = useState('');
  const [mileage, setMileage] = useState('');
  const failure = useFormError();
  const submit = () => {
    failure.clear();
    const parsed = warrantyClaimInputSchema.safeParse({
      problem,
      mileage: mileage.trim() ? Number(mileage.replace(/,/g, '')) : null,
    });
    if (!parsed.success) return void failure.report(null, parsed.error.issues[0]!.message);
    open.mutate(parsed.data, {
      onSuccess: () =>
        notify({ title: 'Warranty claim sent', description: 'Your technician will answer.' }),
      onError: (err) => void failure.report(err, 'The claim was not sent.'),
    });
  };
  return (
    <div className="space-y-3 border-t pt-3">
      <h3 className="font-semibold">Something wrong with the repair?</h3>
      <div className="space-y-1.5">
        <Label htmlFor="wc-problem">What went wrong</Label>
        <Textarea
          id="wc-problem"
          rows={3}
          value={problem}
          onChange={(e) => setProblem(e.target.value)}
        />
      </div>
      <div className="max-w-xs space-y-1.5">
        <Label htmlFor="wc-mileage">Mileage now (if you know it)</Label>
        <Input
          id="wc-mileage"
          inputMode="numeric"
          value={mileage}
          onChange={(e) => setMileage(e.target.value)}
        />
      </div>
      <FormError id={failure.id} message={failure.message} />
      <Button onClick={submit} disabled={open.isPending} aria-describedby={failure.describedBy}>
        {open.isPending ? 'Sending...' : 'Open a warranty claim'}
      </Button>
    </div>
  );
}
