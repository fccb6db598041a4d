import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import { useRef, type ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

export const DialogOverlay = ({ className, ...p }: ComponentProps<typeof D.Overlay>) => (
  <D.Overlay
    className={cn(
      'fixed inset-0 z-50 bg-slate-950/50 data-[state=open]:animate-overlay-in',
      className,
    )}
    {...p}
  />
);

type FocusProps = Pick<ComponentProps<typeof D.Content>, 'onOpenAutoFocus' | 'onCloseAutoFocus'> & {
  /** Where focus goes on close when the control that opened the dialog is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
};

/**
 * Closing a dialog gives focus back to the control that opened it. Radix does that only for a
 * Dialog.Trigger; most dialogs here open from state (a list's button, a menu, a push link), so
 * the element that had focus when the dialog opened is kept and focused again on close. When
 * something else has taken focus meanwhile (another dialog opened as this one closed), it stays.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus, returnFocusTo }: FocusProps) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (e: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(e);
    },
    onCloseAutoFocus: (e: Event) => {
      onCloseAutoFocus?.(e);
      if (e.defaultPrevented) return;
      const content = e.currentTarget as HTMLElement | null;
      const active = document.activeElement;
      const target = opener.current?.isConnected ? opener.current : returnFocusTo?.();
      opener.current = null;
      if (!target?.isConnected) return; // Radix: its trigger, if it has one
      e.preventDefault();
      if (!active || active === document.body || content?.contains(active)) target.focus();
    },
  };
}

export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  returnFocusTo,
  ...props
}: ComponentProps<typeof D.Content> & Pick<FocusProps, 'returnFocusTo'>) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus, returnFocusTo });
  return (
    <D.Portal>
      <DialogOverlay />
      <D.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-popover p-6 text-popover-foreground shadow-lg',
          className,
        )}
        {...props}
        {...focus}
      >
        {children}
        <D.Close
          className="absolute right-2.5 top-2.5 flex size-8 items-center justify-center rounded-sm opacity-70 transition-opacity hover:opacity-100"
          aria-label="Close"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}
export const DialogHeader = ({ className, ...p }: ComponentProps<'div'>) => (
  <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...p} />
);
export const DialogTitle = ({ className, ...p }: ComponentProps<typeof D.Title>) => (
  <D.Title className={cn('text-lg font-semibold', className)} {...p} />
);
export const DialogDescription = ({ className, ...p }: ComponentProps<typeof D.Description>) => (
  <D.Description className={cn('text-sm text-muted-foreground', className)} {...p} />
);
