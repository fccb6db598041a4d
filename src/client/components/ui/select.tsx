import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { fieldClass } from './input';

/** A native select: keyboard and screen-reader friendly everywhere, phone pickers included. */
export const Select = ({ className, ...p }: ComponentProps<'select'>) => (
  <select className={cn(fieldClass, 'h-10 pr-8', className)} {...p} />
);
