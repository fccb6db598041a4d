import { useState } from 'react';
import { useTechnicianServiceRequest } from '../api/get-technician-service-request';
import { CompleteServiceRequestDialog } from './complete-service-request-dialog';

/**
 * After a job's invoice is paid in full: 'Mark job completed?', asked only while the job is in
 * progress (the technician may still have work to do, so it is a question, not automatic).
 */
export function CompleteServiceRequestPrompt({
  reference,
  onClose,
}: {
  reference: string;
  onClose: () => void;
}) {
  const job = useTechnicianServiceRequest(reference);
  const askable = job.data?.status === 'in_progress' && job.data.actions.includes('complete');
  // Once asked, the question stays until answered (completing it changes the job's status).
  const [asked, setAsked] = useState(false);
  if (askable && !asked) setAsked(true);
  if (!askable && !asked) return null;
  return (
    <CompleteServiceRequestDialog
      reference={reference}
      open
      onOpenChange={(open) => !open && onClose()}
      title="Mark job completed?"
      description={`The invoice of job ${reference} is paid in full. Mark the job completed? The customer is asked for a review.`}
    />
  );
}
