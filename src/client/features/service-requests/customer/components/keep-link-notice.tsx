import { useState } from 'react';
import { Button } from '../../../../components/ui/button';

export const KEEP_LINK_TEXT = 'Keep this link: it is the way back to your request.';

/**
 * For a guest on their request's signed link: without an account, this address (also in their
 * confirmation e-mail) is the only way back, so we say so and offer to copy it.
 */
export function KeepLinkNotice() {
  const [closed, setClosed] = useState(false);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  if (closed) return null;
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopy('copied');
    } catch {
      // No clipboard (insecure context, permission refused): the address bar still has it.
      setCopy('failed');
    }
  };
  return (
    <section
      aria-label="Your link"
      className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 print:hidden"
    >
      <p className="flex-1">{KEEP_LINK_TEXT}</p>
      <Button type="button" size="sm" variant="outline" onClick={() => void copyLink()}>
        Copy link
      </Button>
      <span aria-live="polite" className="text-xs">
        {copy === 'copied'
          ? 'Link copied'
          : copy === 'failed'
            ? 'Could not copy: copy it from the address bar'
            : ''}
      </span>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        aria-label="Close"
        onClick={() => setClosed(true)}
      >
        ×
      </Button>
    </section>
  );
}
