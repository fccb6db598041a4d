import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const Card = ({ className, ...p }: ComponentProps<'div'>) => (
  <div
    className={cn('rounded-lg border bg-card text-card-foreground shadow-sm', className)}
    {...p}
  />
);
export const CardHeader = ({ className, ...p }: ComponentProps<'div'>) => (
  <div className={cn('flex flex-col gap-1.5 p-6', className)} {...p} />
);
/**
 * A card's heading: h2, as most cards sit right under the screen's h1; `level` 3 (or 4) for cards
 * inside a section that has its own heading, so no level is ever skipped.
 */
export const CardTitle = ({
  className,
  level = 2,
  ...p
}: ComponentProps<'h2'> & { level?: 2 | 3 | 4 }) => {
  const Heading = `h${level}` as const;
  return <Heading className={cn('text-lg font-semibold leading-tight', className)} {...p} />;
};
export const CardDescription = ({ className, ...p }: ComponentProps<'p'>) => (
  <p className={cn('text-sm text-muted-foreground', className)} {...p} />
);
export const CardContent = ({ className, ...p }: ComponentProps<'div'>) => (
  <div className={cn('p-6 pt-0', className)} {...p} />
);
