import { formatTimestamp } from '../../../lib/dates';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { StarRating } from '../../../components/ui/star-rating';
import { FormError, useItemError } from '../../../components/ui/form-error';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useModerationQueue, type ModerationItem } from '../api/get-moderation-queue';
import { useModerate } from '../api/moderate-review';

/** The signals, as an admin reads them. */
const FLAG_LABELS: Record<ModerationItem['flags'][number], string> = {
  same_account: "The technician's own account",
  same_email: "The technician's e-mail address",
  same_phone: "The technician's phone number",
  email_domain: "Same e-mail domain as the technician's",
  address: "At the technician's address",
  technician_email: "Another technician's e-mail address",
};

/** One of a review's actions (hide, restore, keep), named with the review it acts on. */
function ActionButton({
  verb,
  item,
  destructive = false,
  disabled,
  onClick,
}: {
  verb: 'Hide' | 'Restore' | 'Keep';
  item: ModerationItem;
  destructive?: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="sm"
      variant={destructive ? 'destructive' : 'outline'}
      disabled={disabled}
      aria-label={`${verb} the review by ${item.reviewerName} on ${item.technicianName}`}
      onClick={onClick}
    >
      {verb}
    </Button>
  );
}

/**
 * Review moderation: reported and flagged reviews first, then the others reported before, then
 * hidden ones. Hide (with a reason), restore, or keep a review shown; every action is audited.
 */
export function ModerationTab() {
  const queue = useModerationQueue();
  const moderate = useModerate();
  const [hiding, setHiding] = useState<ModerationItem | null>(null);
  // A refused restore or keep: the server's message stays under that review until the next try.
  const failure = useItemError<number>();
  const act = (item: ModerationItem, action: 'hide' | 'restore' | 'keep', reason?: string) => {
    failure.clear();
    moderate.mutate(
      { id: item.id, action, reason },
      {
        onSuccess: () => {
          setHiding(null);
          notify({
            title:
              action === 'hide'
                ? 'Review hidden'
                : action === 'restore'
                  ? 'Review restored'
                  : 'Review kept',
          });
        },
        onError: (err) => {
          if (action !== 'hide') failure.report(item.id, err, 'Action failed', 'Please try again.');
        },
      },
    );
  };
  const items = queue.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Review moderation</CardTitle>
        <p className="text-sm text-slate-600">
          Reported reviews and reviews whose customer shares a phone, e-mail domain or address with
          the technician. A hidden review leaves the technician's rating and public pages.
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {queue.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the moderation queue.
          </p>
        ) : queue.isLoading ? (
          <p className="text-sm text-slate-600">Loading...</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">No reported or flagged reviews.</p>
        ) : (
          <ul className="divide-y" aria-label="Reviews to moderate" aria-busy={queue.isFetching}>
            {items.map((r) => (
              <li key={r.id} className="space-y-2 py-4 text-sm" data-testid="moderation-item">
                <div className="flex flex-wrap items-center gap-2">
                  <StarRating rating={r.rating} size={14} />
                  <span className="font-semibold">
                    {r.reviewerName} on {r.technicianName}
                  </span>
                  {r.reference && <span className="text-slate-500">{r.reference}</span>}
                  <span className="text-slate-500">{formatTimestamp(r.createdAt)}</span>
                  {r.verified && <Badge variant="outline">Verified job</Badge>}
                  {r.hidden ? (
                    <Badge variant="secondary">Hidden</Badge>
                  ) : r.needsAttention ? (
                    <Badge variant="warning">Needs a look</Badge>
                  ) : (
                    <Badge variant="outline">Shown</Badge>
                  )}
                </div>
                {r.comment && <p className="whitespace-pre-wrap break-words">{r.comment}</p>}
                {r.flags.length > 0 && (
                  <div>
                    <p className="font-medium">Signals</p>
                    <ul className="list-disc pl-5 text-amber-800">
                      {r.flags.map((f) => (
                        <li key={f}>{FLAG_LABELS[f]}</li>
                      ))}
                    </ul>
                  </div>
                )}
                {r.reports.length > 0 && (
                  <div>
                    <p className="font-medium">
                      {r.reports.length} report{r.reports.length === 1 ? '' : 's'}
                    </p>
                    <ul className="list-disc pl-5">
                      {r.reports.map((x, i) => (
                        <li key={i} className="break-words">
                          “{x.reason}” · {x.reporterName} ({x.reporterRole}) ·{' '}
                          {formatTimestamp(x.createdAt)}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {r.hidden && (
                  <p className="text-slate-600">
                    Hidden {formatTimestamp(r.hidden.at)}: {r.hidden.reason}
                  </p>
                )}
                <div className="flex flex-wrap gap-2">
                  {r.hidden ? (
                    <ActionButton
                      verb="Restore"
                      item={r}
                      disabled={moderate.isPending}
                      onClick={() => act(r, 'restore')}
                    />
                  ) : (
                    <>
                      <ActionButton
                        verb="Hide"
                        item={r}
                        destructive
                        disabled={moderate.isPending}
                        onClick={() => {
                          moderate.reset();
                          setHiding(r);
                        }}
                      />
                      {r.needsAttention && (
                        <ActionButton
                          verb="Keep"
                          item={r}
                          disabled={moderate.isPending}
                          onClick={() => act(r, 'keep')}
                        />
                      )}
                    </>
                  )}
                </div>
                <FormError message={failure.messageFor(r.id)} />
              </li>
            ))}
          </ul>
        )}
        <ReasonDialog
          open={hiding !== null}
          title="Hide this review?"
          description="It leaves the technician's rating, review count and public profile until you restore it."
          confirmLabel="Hide review"
          missing="Please give a reason for hiding this review"
          pending={moderate.isPending}
          error={
            hiding && moderate.error
              ? errorMessage(moderate.error, 'Could not hide the review.')
              : undefined
          }
          onClose={() => setHiding(null)}
          onConfirm={(reason) => hiding && act(hiding, 'hide', reason)}
        />
      </CardContent>
    </Card>
  );
}
