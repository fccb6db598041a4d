import type { ApiToken } from '@shared/schemas/api-tokens';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormError, reportActionError, useFormError } from '../../../components/ui/form-error';
import { notify } from '../../../lib/toast';
import { useRevokeApiToken } from '../api/revoke-api-token';

/** Asks before revoking: anything using the token stops working at once. */
export function RevokeTokenDialog({
  token,
  onClose,
}: {
  token: ApiToken | null;
  onClose: () => void;
}) {
  const revoke = useRevokeApiToken();
  // The server's refusal stays by Revoke Token until the next try.
  const error = useFormError();
  const close = () => {
    error.clear();
    onClose();
  };
  return (
    <Dialog open={token !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Revoke “{token?.name}”?</DialogTitle>
          <DialogDescription>
            Anything using this token stops working at once. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <FormError id={error.id} message={error.message} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Go back
          </Button>
          <Button
            variant="destructive"
            disabled={revoke.isPending}
            aria-describedby={error.describedBy}
            onClick={() => {
              if (!token) return;
              error.clear();
              revoke.mutate(token.id, {
                onSuccess: () => {
                  notify({ title: 'Token Revoked', description: token.name });
                  close();
                },
                onError: (err) =>
                  error.report(null, reportActionError(err, 'Revoke Failed', 'Please try again.')),
              });
            }}
          >
            {revoke.isPending ? 'Revoking...' : 'Revoke Token'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
