import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { fieldClass } from './input';

export const Textarea = ({ className, ...p }: ComponentProps<'textarea'>) => (
  <textarea className={cn(fieldClass, 'min-h-24', className)} {...p} />
);
