import { useState } from 'react';
import { reportActionError } from '../../components/ui/form-error';
import { notify } from '../../lib/toast';
import { useAdminDecision, type AdminDecision } from './api/admin-decision';

/**
 * Runs an admin decision (an endpoint call) and toasts its outcome. `run` resolves to the
 * server's message when the decision was refused (null when it went through), so that the
 * dialog that asked for it can show that message by its button; `failure` keeps it for an
 * action taken without a dialog, under the `key` it was run with.
 */
export function useAdminRun() {
  const decision = useAdminDecision();
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const run = async (
    decide: AdminDecision,
    success: string,
    key: string = success,
  ): Promise<string | null> => {
    setFailure(null);
    try {
      const r = await decision.mutateAsync(decide);
      notify({ title: success, description: r?.message });
      return null;
    } catch (err) {
      const message = reportActionError(err, 'Action failed', 'Please try again.');
      setFailure({ key, message });
      return message;
    }
  };
  return { pending: decision.isPending, run, failure };
}
