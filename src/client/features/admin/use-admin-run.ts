import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useAdminAction } from './api/admin-action';

/** Runs an admin action and toasts its outcome. */
export function useAdminRun() {
  const action = useAdminAction();
  return {
    pending: action.isPending,
    run: (a: Parameters<typeof action.mutate>[0], success: string) =>
      action.mutate(a, {
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
