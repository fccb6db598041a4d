import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

export type Confirmation = {
  title: string;
  description: ReactNode;
  /** The confirming button's label, e.g. 'Approve'. */
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
};

/**
 * Asks before an admin action: `ask({...})` opens the dialog, the action runs only on its
 * confirming button. Render `dialog` once in the component.
 */
export function useConfirm() {
  const [pending, setPending] = useState<Confirmation | null>(null);
  const dialog = (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{pending?.title}</DialogTitle>
          <DialogDescription>{pending?.description}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setPending(null)}>
            Go back
          </Button>
          <Button
            variant={pending?.destructive ? 'destructive' : 'default'}
            onClick={() => {
              pending?.onConfirm();
              setPending(null);
            }}
          >
            {pending?.confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
  return { ask: setPending, dialog };
}
