import { useState } from 'react';
import { Flag } from 'lucide-react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useReportReview } from '../api/report-review';

/**
 * 'Report' under a public review, for signed-in customers and technicians: asks why, and sends
 * it to the admins' moderation queue (one report per person and review).
 */
export function ReportReview({
  reviewId,
  reviewerName,
}: {
  reviewId: number;
  reviewerName: string;
}) {
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  const report = useReportReview();
  if (reported) return <p className="text-xs text-slate-500">Reported. Thank you.</p>;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="h-auto px-1 py-0.5 text-xs text-slate-600"
        aria-label={`Report the review by ${reviewerName}`}
        onClick={() => {
          report.reset();
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" className="size-3" /> Report
      </Button>
      <ReasonDialog
        open={open}
        title="Report this review"
        description="Tell us what is wrong with it. An admin will look at it and may hide it."
        label="Why are you reporting it?"
        confirmLabel="Send report"
        missing="Please say why you are reporting this review"
        pending={report.isPending}
        error={report.error ? errorMessage(report.error, 'Could not send the report.') : undefined}
        onClose={() => setOpen(false)}
        onConfirm={(reason) =>
          report.mutate(
            { reviewId, reason },
            {
              onSuccess: () => {
                setOpen(false);
                setReported(true);
                notify({ title: 'Thank you: the review was reported' });
              },
            },
          )
        }
      />
    </>
  );
}
