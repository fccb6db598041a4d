import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useAdminDecision, type AdminDecision } from './api/admin-decision';

/** Runs an admin decision (an endpoint call) and toasts its outcome. */
export function useAdminRun() {
  const decision = useAdminDecision();
  return {
    pending: decision.isPending,
    run: (decide: AdminDecision, success: string) =>
      decision.mutate(decide, {
        onSuccess: (r) => notify({ title: success, description: r?.message }),
        onError: (err) =>
          notify({
            title: 'Action failed',
            description: errorMessage(err, 'Please try again.'),
            variant: 'destructive',
          }),
      }),
  };
}
