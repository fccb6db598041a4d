import type { ReactNode } from 'react';
import { cn } from '../lib/utils';

/** A screen's frame: heading, optional intro, content. */
export function Page({
  title,
  intro,
  children,
  className,
  actions,
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
  actions?: ReactNode;
}) {
  return (
    <div className={cn('mx-auto max-w-7xl px-4 py-10 sm:px-6', className)}>
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          {intro && <p className="mt-2 max-w-3xl text-slate-600">{intro}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
