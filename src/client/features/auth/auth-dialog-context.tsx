import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

import { audienceOf, type AuthAudience } from './auth-audience';

const loadAuthDialog = () => import('./components/auth-dialog');

const AuthDialog = lazy(() => loadAuthDialog().then((m) => ({ default: m.AuthDialog })));

type AuthDialogApi = {
  /**
   * Opens the sign-in dialog ('Technician Access', or 'Customer Access' for a customer). `returnFocusTo`: where focus goes when it closes if the
   * control that opened it is gone by then (a button in the mobile menu, which closes first).
   * `stay`: once signed in, stay on the page (which shows more now) instead of the role's
   * landing page. `audience`: who it speaks to (by default from the current page's path).
   */
  open: (returnFocusTo?: unknown, options?: { stay?: boolean; audience?: AuthAudience }) => void;
  /** Starts loading the dialog's code (on hover or focus of a button that opens it). */
  preload: () => void;
};

const Ctx = createContext<AuthDialogApi>({ open: () => {}, preload: () => {} });

/** Lets any screen open the sign-in dialog; its code loads on first use. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [stay, setStay] = useState(false);
  const [audience, setAudience] = useState<AuthAudience>('technician');
  // Each opening starts from fresh forms whose defaults follow the audience.
  const [opening, setOpening] = useState(0);
  const returnTo = useRef<HTMLElement | null>(null);
  const api = useMemo<AuthDialogApi>(
    () => ({
      // Also used as an onClick handler: its argument is then an event, not an element.
      open: (returnFocusTo?: unknown, options?: { stay?: boolean; audience?: AuthAudience }) => {
        returnTo.current = returnFocusTo instanceof HTMLElement ? returnFocusTo : null;
        setStay(options?.stay === true);
        setAudience(options?.audience ?? audienceOf(window.location.pathname));
        setOpening((n) => n + 1);
        setUsed(true);
        setOpen(true);
      },
      preload: () => void loadAuthDialog(),
    }),
    [],
  );
  return (
    <Ctx.Provider value={api}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <AuthDialog
            key={opening}
            audience={audience}
            open={isOpen}
            onOpenChange={setOpen}
            returnFocusTo={() => returnTo.current}
            stayOnSignIn={stay}
          />
        </Suspense>
      )}
    </Ctx.Provider>
  );
}

export const useAuthDialog = () => useContext(Ctx);
