import { useEffect, useSyncExternalStore } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { toasterIsMounted } from '../../lib/toast';

/** Phones: a toast as wide as the screen would sit on the page's title. */
const PHONE = '(max-width: 639px)';

const isPhone = () => window.matchMedia(PHONE).matches;
function onWidthChange(notify: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

/**
 * The app's one toaster: the spec allows at most one toast on screen at a time. On wider
 * screens toasts sit top right, below the sticky header (h-16), so they never cover its Sign In
 * / Sign Out buttons; on a phone, where a toast spans the screen, at the bottom, so they never
 * cover the title of the page a form just led to.
 */
export function Toaster() {
  // Runs after sonner's own effects: it listens for toasts by now.
  useEffect(() => toasterIsMounted(toast), []);
  // The server renders the wide screen's position; the browser then follows its own width.
  const phone = useSyncExternalStore(onWidthChange, isPhone, () => false);
  return (
    <Sonner
      visibleToasts={1}
      position={phone ? 'bottom-center' : 'top-right'}
      offset={{ top: 76, right: 24 }}
      mobileOffset={{ top: 72, right: 16, left: 16, bottom: 16 }}
      richColors
      closeButton
    />
  );
}
