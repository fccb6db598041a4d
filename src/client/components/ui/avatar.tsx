import { cn } from '../../lib/utils';

/** 'Ana María Lopez' -> 'AL': the first letters of the first and the last name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (Array.from(first)[0]! + (last ? Array.from(last)[0]! : '')).toUpperCase();
}

const SIZES = {
  sm: 'h-12 w-12 text-base',
  md: 'h-16 w-16 text-xl',
  lg: 'h-20 w-20 text-2xl',
  xl: 'h-32 w-32 text-4xl',
} as const;

/**
 * A person's photo, or their initials on a tinted circle when there is none (never a
 * placeholder image). The size is fixed, so the layout does not shift when a photo loads.
 */
export function Avatar({
  name,
  src,
  size = 'md',
  alt,
  className,
}: {
  name: string;
  src?: string | null;
  size?: keyof typeof SIZES;
  /** The photo's text alternative; default: the name. '' when the name is shown beside it. */
  alt?: string;
  className?: string;
}) {
  const box = cn('shrink-0 rounded-full', SIZES[size], className);
  if (src) return <img src={src} alt={alt ?? name} className={cn(box, 'object-cover')} />;
  return (
    <span
      {...(alt === '' ? { 'aria-hidden': true } : { role: 'img', 'aria-label': alt ?? name })}
      data-testid="avatar-initials"
      className={cn(
        box,
        'flex items-center justify-center bg-brand-100 font-semibold text-brand-800',
      )}
    >
      <span aria-hidden="true">{initialsOf(name)}</span>
    </span>
  );
}
