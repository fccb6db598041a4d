import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ROLES } from '@shared/constants/domain';
import type { AuthAudience } from '../auth-audience';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ForgotPasswordForm, useForgotPasswordForm } from './forgot-password-form';
import { RegisterForm, useRegisterForm } from './register-form';
import { SignInForm, useSignInForm } from './sign-in-form';

/** Where each role lands after signing in. */
const landingFor = (role: (typeof ROLES)[number]) =>
  role === 'admin' ? '/admin-dashboard' : role === 'technician' ? '/technician-profile' : '/';

const HEADINGS: Record<AuthAudience, { title: string; description: string }> = {
  technician: {
    title: 'Technician Access',
    description: 'Sign in to your account or register as a technician.',
  },
  customer: {
    title: 'Customer Access',
    description: 'Sign in to your account, or create one to follow your service requests.',
  },
};

/**
 * 'Technician Access' (or 'Customer Access' for a customer): Sign In (default) and Register. The forms' states live here, so that
 * switching tabs keeps what was typed; closing the dialog resets them all.
 */
export function AuthDialog({
  open,
  onOpenChange,
  returnFocusTo,
  stayOnSignIn = false,
  audience = 'technician',
}: {
  /** Who it speaks to: the title, and the account type Register starts with. */
  audience?: AuthAudience;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close when the control that opened the dialog is gone. */
  returnFocusTo?: () => HTMLElement | null;
  /** Signed in, stay on this page (it shows more now) instead of the role's landing page. */
  stayOnSignIn?: boolean;
}) {
  const navigate = useNavigate();
  const [tab, setTab] = useState('signin');
  // 'Forgot password?' replaces the sign-in form with an e-mail form.
  const [forgotOpen, setForgotOpen] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const signIn = useSignInForm((user) => {
    change(false);
    if (!stayOnSignIn) void navigate(landingFor(user.role));
  });
  // A new account is signed in: a technician goes to their profile (which says it awaits
  // approval and takes their credentials); a customer stays where they were.
  const register = useRegisterForm((user) => {
    change(false);
    if (user?.role === 'technician' && !stayOnSignIn) void navigate(landingFor(user.role));
  }, audience);
  const forgot = useForgotPasswordForm();

  function change(next: boolean) {
    if (!next) {
      setTab('signin');
      setForgotOpen(false);
      signIn.reset();
      register.reset();
      forgot.reset();
    }
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        returnFocusTo={returnFocusTo}
        // Straight into the Username field, not the tabs above it.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          usernameRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{HEADINGS[audience].title}</DialogTitle>
          <DialogDescription>{HEADINGS[audience].description}</DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="register">Register</TabsTrigger>
          </TabsList>

          <TabsContent value="signin">
            {forgotOpen ? (
              <ForgotPasswordForm form={forgot} onBack={() => setForgotOpen(false)} />
            ) : (
              <SignInForm
                form={signIn}
                usernameRef={usernameRef}
                onForgot={() => setForgotOpen(true)}
              />
            )}
          </TabsContent>

          <TabsContent value="register">
            <RegisterForm form={register} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
