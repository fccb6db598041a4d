import { useState } from 'react';
import { useJob } from '../api/get-job';
import { CompleteJobDialog } from './complete-job-dialog';

/**
 * After a job's invoice is paid in full: 'Mark job completed?', asked only while the job is in
 * progress (the technician may still have work to do, so it is a question, not automatic).
 */
export function CompleteJobPrompt({
  reference,
  onClose,
}: {
  reference: string;
  onClose: () => void;
}) {
  const job = useJob(reference);
  const askable = job.data?.status === 'in_progress' && job.data.actions.includes('complete');
  // Once asked, the question stays until answered (completing it changes the job's status).
  const [asked, setAsked] = useState(false);
  if (askable && !asked) setAsked(true);
  if (!askable && !asked) return null;
  return (
    <CompleteJobDialog
      reference={reference}
      open
      onOpenChange={(open) => !open && onClose()}
      title="Mark job completed?"
      description={`The invoice of job ${reference} is paid in full. Mark the job completed? The customer is asked for a review.`}
    />
  );
}
