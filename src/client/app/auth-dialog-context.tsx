import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

const loadAuthDialog = () => import('../features/auth/components/auth-dialog');
const AuthDialog = lazy(() => loadAuthDialog().then((m) => ({ default: m.AuthDialog })));

type AuthDialogApi = {
  /** Opens the 'Technician Access' dialog. */
  open: () => void;
  /** Starts loading the dialog's code (on hover or focus of a button that opens it). */
  preload: () => void;
};

const Ctx = createContext<AuthDialogApi>({ open: () => {}, preload: () => {} });

/** Lets any screen open the 'Technician Access' dialog; its code loads on first use. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const api = useMemo<AuthDialogApi>(
    () => ({
      open: () => {
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
          <AuthDialog open={isOpen} onOpenChange={setOpen} />
        </Suspense>
      )}
    </Ctx.Provider>
  );
}

export const useAuthDialog = () => useContext(Ctx);
