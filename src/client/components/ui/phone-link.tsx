import type { ReactNode } from 'react';
import { formatPhone, phoneHref } from '@shared/phone';
import { cn } from '../../lib/utils';

/**
 * A stored phone number as a tap-to-call link to its E.164 form ('tel:+13015550199'), shown as
 * '(301) 555-0199'; at least 24 px tall for a finger. A number stored before the phone rule
 * that it could not read is plain text, never a link.
 */
export function PhoneLink({
  phone,
  children,
  className,
  callLabel,
}: {
  phone: string;
  children?: ReactNode;
  className?: string;
  /** Read before the number on a link only ('Call Marcus at '). */
  callLabel?: string;
}) {
  const href = phoneHref(phone);
  const text = children ?? formatPhone(phone);
  if (!href)
    return (
      <span
        className={cn(
          'inline-flex min-h-6 items-center gap-1',
          className,
          'text-inherit no-underline',
        )}
      >
        {text}
      </span>
    );
  return (
    <a
      href={href}
      className={cn(
        'inline-flex min-h-6 items-center gap-1 text-primary underline-offset-4 hover:underline',
        className,
      )}
    >
      {callLabel && <span className="sr-only">{callLabel}</span>}
      {text}
    </a>
  );
}
