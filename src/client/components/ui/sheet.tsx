import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { DialogOverlay, useReturnFocus } from './dialog';

/** A panel sliding in from the right edge (a modal dialog underneath: focus trap, Escape). */
export const Sheet = D.Root;
export const SheetTrigger = D.Trigger;
export const SheetClose = D.Close;

export function SheetContent({
  className,
  children,
  closeLabel = 'Close',
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof D.Content> & { closeLabel?: string }) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <D.Portal>
      <DialogOverlay />
      <D.Content
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex h-full w-4/5 max-w-xs flex-col gap-4 overflow-y-auto border-l border-border bg-popover p-6 shadow-xl data-[state=open]:animate-sheet-in',
          className,
        )}
        {...props}
        {...focus}
      >
        {children}
        <D.Close
          className="absolute right-2.5 top-2.5 flex size-8 items-center justify-center rounded-sm opacity-70 transition-opacity hover:opacity-100"
          aria-label={closeLabel}
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}
export const SheetTitle = ({ className, ...p }: ComponentProps<typeof D.Title>) => (
  <D.Title className={cn('text-lg font-semibold', className)} {...p} />
);
export const SheetDescription = ({ className, ...p }: ComponentProps<typeof D.Description>) => (
  <D.Description className={cn('text-sm text-muted-foreground', className)} {...p} />
);
