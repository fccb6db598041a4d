import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { toasterIsMounted } from '../../lib/toast';

/**
 * The app's one toaster: the spec allows at most one toast on screen at a time. Toasts sit
 * below the sticky header (h-16) so they never cover its Sign In / Sign Out buttons.
 */
export function Toaster() {
  // Runs after sonner's own effects: it listens for toasts by now.
  useEffect(() => toasterIsMounted(toast), []);
  return (
    <Sonner
      visibleToasts={1}
      position="top-right"
      offset={{ top: 76, right: 24 }}
      mobileOffset={{ top: 72, right: 16, left: 16 }}
      richColors
      closeButton
    />
  );
}
