import { cva, type VariantProps } from 'class-variance-authority';
import { Children, cloneElement, isValidElement, type ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-red-700',
        outline: 'border border-input bg-card hover:bg-secondary',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-slate-200',
        ghost: 'hover:bg-secondary',
        link: 'text-primary underline-offset-4 hover:underline',
        white: 'bg-white text-brand-700 hover:bg-brand-50',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-11 px-6 text-base',
        icon: 'h-10 w-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  ...props
}: ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) return asButton(props, classes);
  return (
    <button
      // A plain button never submits a form by accident; pass type="submit" to submit.
      type={type ?? 'button'}
      className={classes}
      {...props}
    />
  );
}

type Props = Record<string, unknown>;

/**
 * `asChild`: the button's look and props on its one child (a link that looks like a button).
 * The child's own props win, its class names come after the button's, and where both have an
 * event handler the child's runs first, then the button's.
 */
function asButton({ children, ...props }: Props, className: string) {
  const child = Children.only(children);
  if (!isValidElement<Props>(child)) return null;
  const own = child.props;
  const merged: Props = { ...props, ...own, className: cn(className, own.className as string) };
  for (const [key, handler] of Object.entries(props)) {
    const childHandler = own[key];
    if (/^on[A-Z]/.test(key) && typeof handler === 'function' && typeof childHandler === 'function')
      merged[key] = (...args: unknown[]) => {
        childHandler(...args);
        handler(...args);
      };
  }
  return cloneElement(child, merged);
}
