import { useState, type ReactNode } from 'react';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';
import { FormError, useFormError } from './ui/form-error';

export type Confirmation = {
  title: string;
  description: ReactNode;
  /** The confirming button's label, e.g. 'Approve'. */
  confirmLabel: string;
  destructive?: boolean;
  /**
   * The action. When it returns a promise the dialog waits for it: a message it resolves to is
   * the server's refusal, shown by the confirming button while the dialog stays open.
   */
  onConfirm: () => void | Promise<string | null>;
};

/**
 * Asks before an action (the admin area's): `ask({...})` opens the dialog, the action runs only
 * on its confirming button. Render `dialog` once in the component.
 */
export function useConfirm() {
  const [pending, setPending] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState(false);
  const error = useFormError();
  const close = () => {
    error.clear();
    setPending(null);
  };
  const confirm = async (c: Confirmation) => {
    error.clear();
    setBusy(true);
    try {
      const refused = await c.onConfirm();
      if (refused) error.report(null, refused);
      else close();
    } finally {
      setBusy(false);
    }
  };
  const dialog = (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{pending?.title}</DialogTitle>
          <DialogDescription>{pending?.description}</DialogDescription>
        </DialogHeader>
        <FormError id={error.id} message={error.message} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Go back
          </Button>
          <Button
            variant={pending?.destructive ? 'destructive' : 'default'}
            disabled={busy}
            aria-describedby={error.describedBy}
            onClick={() => pending && void confirm(pending)}
          >
            {pending?.confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
  const ask = (c: Confirmation) => {
    error.clear();
    setPending(c);
  };
  return { ask, dialog };
}
