import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A section a link can land on (`#id`): the page renders after its data arrives, so the
 * browser's own jump to the fragment misses it; this scrolls to it once it is shown.
 */
export function AnchoredSection({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: ReactNode;
}) {
  const section = useRef<HTMLElement>(null);
  const wanted = useLocation().hash === `#${id}`;
  useEffect(() => {
    if (wanted) section.current?.scrollIntoView({ block: 'start' });
  }, [wanted]);
  return (
    <section id={id} ref={section} className="scroll-mt-20" aria-label={label}>
      {children}
    </section>
  );
}
