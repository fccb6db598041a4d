import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const Label = ({ className, ...p }: ComponentProps<'label'>) => (
  <label className={cn('text-sm font-medium text-slate-800', className)} {...p} />
);
