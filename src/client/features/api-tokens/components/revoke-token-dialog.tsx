import type { ApiToken } from '@shared/schemas/api-tokens';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
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
  return (
    <Dialog open={token !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Revoke “{token?.name}”?</DialogTitle>
          <DialogDescription>
            Anything using this token stops working at once. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Go back
          </Button>
          <Button
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() =>
              token &&
              revoke.mutate(token.id, {
                onSuccess: () => {
                  notify({ title: 'Token Revoked', description: token.name });
                  onClose();
                },
                onError: (err) =>
                  notify({
                    title: 'Revoke Failed',
                    description: errorMessage(err, 'Please try again.'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {revoke.isPending ? 'Revoking...' : 'Revoke Token'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
