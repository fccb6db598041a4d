import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** '(301) 555-0142' -> 'tel:3015550142' (digits and a leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A phone number as a tap-to-call link; at least 24 px tall for a finger. */
export function PhoneLink({
  phone,
  children,
  className,
}: {
  phone: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <a
      href={telHref(phone)}
      className={cn(
        'inline-flex min-h-6 items-center gap-1 text-primary underline-offset-4 hover:underline',
        className,
      )}
    >
      {children ?? phone}
    </a>
  );
}
