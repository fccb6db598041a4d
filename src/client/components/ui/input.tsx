import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** Shared look of text inputs, text areas and native selects. */
export const fieldClass =
  'flex w-full rounded-md border border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-slate-400 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive';

export const Input = ({ className, ...p }: ComponentProps<'input'>) => (
  <input className={cn(fieldClass, 'h-10', className)} {...p} />
);
