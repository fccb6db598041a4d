import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ROLES } from '@shared/constants/domain';
import { passwordProblem } from '@shared/passwords';
import { LocationSelect } from '../../../components/location-select';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { focusFirstError } from '../../../lib/focus-first-error';
import { notify } from '../../../lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { useRegister } from '../api/register';
import { useSignIn } from '../api/sign-in';

type AccountType = 'technician' | 'customer';

/** Moves focus to the register form's password field. */
function focusPassword(form: Element) {
  form.querySelector<HTMLInputElement>('#register-password')?.focus();
}

const emptySignIn = { username: '', password: '' };
const emptyRegister = {
  username: '',
  email: '',
  password: '',
  phone: '',
  location: '',
  accountType: 'technician' as AccountType,
  specialties: '',
  experience: '',
};

const REGISTERED: Record<AccountType, string> = {
  technician:
    "Your technician application has been submitted for review. You'll be notified once approved by our admin team.",
  customer: 'Your account has been created. You can sign in now.',
};

/** Where each role lands after signing in. */
const landingFor = (role: (typeof ROLES)[number]) =>
  role === 'admin' ? '/admin-dashboard' : role === 'technician' ? '/technician-profile' : '/';

/** 'Technician Access': Sign In (default) and Register. Closing it resets both forms. */
export function AuthDialog({
  open,
  onOpenChange,
  returnFocusTo,
  stayOnSignIn = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close when the control that opened the dialog is gone. */
  returnFocusTo?: () => HTMLElement | null;
  /** Signed in, stay on this page (it shows more now) instead of the role's landing page. */
  stayOnSignIn?: boolean;
}) {
  const navigate = useNavigate();
  const [tab, setTab] = useState('signin');
  const [signin, setSignin] = useState(emptySignIn);
  const [reg, setReg] = useState(emptyRegister);
  const signIn = useSignIn();
  const register = useRegister();
  // 'Forgot password?' replaces the sign-in form with an e-mail form.
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotEmail, setForgotEmail] = useState('');
  const forgot = useForgotPassword();
  const usernameRef = useRef<HTMLInputElement>(null);
  // After a submit with required fields left empty, those fields are marked invalid (and the
  // first one gets focus) until filled in.
  const [signinTried, setSigninTried] = useState(false);
  const [registerTried, setRegisterTried] = useState(false);

  const change = (next: boolean) => {
    if (!next) {
      setTab('signin');
      setSignin(emptySignIn);
      setReg(emptyRegister);
      setForgotOpen(false);
      setForgotEmail('');
      setSigninTried(false);
      setRegisterTried(false);
      signIn.reset();
      register.reset();
      forgot.reset();
    }
    onOpenChange(next);
  };

  const submitForgot = (e: FormEvent) => {
    e.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(forgotEmail.trim())) {
      notify({
        title: 'Missing Information',
        description: 'Please enter a valid email address',
        variant: 'destructive',
      });
      return;
    }
    forgot.mutate(forgotEmail.trim(), {
      onError: (err) =>
        notify({
          title: 'Could Not Send Link',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  const submitSignIn = (e: FormEvent) => {
    e.preventDefault();
    if (!signin.username.trim() || !signin.password) {
      setSigninTried(true);
      focusFirstError(e.currentTarget);
      notify({
        title: 'Missing Information',
        description: 'Please enter both username and password.',
        variant: 'destructive',
      });
      return;
    }
    signIn.mutate(
      { username: signin.username.trim(), password: signin.password },
      {
        onSuccess: ({ user }) => {
          notify({ title: 'Welcome back!', description: 'Successfully signed in.' });
          change(false);
          if (!stayOnSignIn) void navigate(landingFor(user.role));
        },
        onError: (err) =>
          notify({
            title: 'Sign In Failed',
            description: errorMessage(err, 'Invalid credentials. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  const submitRegister = (e: FormEvent) => {
    e.preventDefault();
    if (!reg.username.trim() || !reg.email.trim() || !reg.password) {
      setRegisterTried(true);
      focusFirstError(e.currentTarget);
      notify({
        title: 'Missing Information',
        description: 'Please fill in all required fields.',
        variant: 'destructive',
      });
      return;
    }
    // The server's rule, shown before the round trip.
    const weak = passwordProblem(reg.password, { username: reg.username, email: reg.email });
    if (weak) {
      focusPassword(e.currentTarget);
      notify({ title: 'Choose Another Password', description: weak, variant: 'destructive' });
      return;
    }
    const technician = reg.accountType === 'technician';
    register.mutate(
      {
        username: reg.username.trim(),
        email: reg.email.trim(),
        password: reg.password,
        accountType: reg.accountType,
        phone: reg.phone.trim() || undefined,
        location: reg.location || undefined,
        specialties: (technician && reg.specialties.trim()) || undefined,
        experience: (technician && reg.experience.trim()) || undefined,
      },
      {
        onSuccess: () => {
          notify({ title: 'Registration Submitted', description: REGISTERED[reg.accountType] });
          change(false);
        },
        onError: (err) =>
          notify({
            title: 'Registration Failed',
            description: errorMessage(
              err,
              'There was an error processing your registration. Please try again.',
            ),
            variant: 'destructive',
          }),
      },
    );
  };

  const field = (
    key: 'username' | 'email' | 'password' | 'phone',
    label: string,
    type: string,
    autoComplete: string,
  ) => (
    <div className="space-y-1.5">
      <Label htmlFor={`register-${key}`}>{label}</Label>
      <Input
        id={`register-${key}`}
        type={type}
        autoComplete={autoComplete}
        value={reg[key]}
        aria-invalid={registerTried && key !== 'phone' && !reg[key].trim() ? true : undefined}
        onChange={(e) => setReg({ ...reg, [key]: e.target.value })}
      />
    </div>
  );

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
          <DialogTitle>Technician Access</DialogTitle>
          <DialogDescription>
            Sign in to your account or register as a technician.
          </DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="register">Register</TabsTrigger>
          </TabsList>

          <TabsContent value="signin">
            {forgotOpen ? (
              forgot.isSuccess ? (
                <div className="space-y-4" role="status">
                  <p className="text-sm text-slate-700">{forgot.data.message}</p>
                  <Button
                    type="button"
                    variant="outline"
                    className="w-full"
                    onClick={() => {
                      setForgotOpen(false);
                      forgot.reset();
                    }}
                  >
                    Back to Sign In
                  </Button>
                </div>
              ) : (
                <form onSubmit={submitForgot} noValidate>
                  <fieldset disabled={forgot.isPending} className="space-y-4">
                    <p className="text-sm text-slate-600">
                      Enter the e-mail address of your account. We'll send you a link to choose a
                      new password.
                    </p>
                    <div className="space-y-1.5">
                      <Label htmlFor="forgot-email">Email</Label>
                      <Input
                        id="forgot-email"
                        type="email"
                        autoComplete="email"
                        value={forgotEmail}
                        onChange={(e) => setForgotEmail(e.target.value)}
                      />
                    </div>
                    <Button type="submit" className="w-full">
                      {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      className="w-full"
                      onClick={() => setForgotOpen(false)}
                    >
                      Back to Sign In
                    </Button>
                  </fieldset>
                </form>
              )
            ) : (
              <form onSubmit={submitSignIn} noValidate>
                <fieldset disabled={signIn.isPending} className="space-y-4">
                  <div className="space-y-1.5">
                    <Label htmlFor="signin-username">Username</Label>
                    <Input
                      ref={usernameRef}
                      id="signin-username"
                      autoComplete="username"
                      value={signin.username}
                      aria-invalid={signinTried && !signin.username.trim() ? true : undefined}
                      onChange={(e) => setSignin({ ...signin, username: e.target.value })}
                    />
                  </div>
                  <div className="space-y-1.5">
                    <div className="flex items-center justify-between">
                      <Label htmlFor="signin-password">Password</Label>
                      <button
                        type="button"
                        className="min-h-6 text-xs text-blue-700 underline"
                        onClick={() => setForgotOpen(true)}
                      >
                        Forgot password?
                      </button>
                    </div>
                    <Input
                      id="signin-password"
                      type="password"
                      autoComplete="current-password"
                      value={signin.password}
                      aria-invalid={signinTried && !signin.password ? true : undefined}
                      onChange={(e) => setSignin({ ...signin, password: e.target.value })}
                    />
                  </div>
                  <Button type="submit" className="w-full">
                    {signIn.isPending ? 'Signing In...' : 'Sign In'}
                  </Button>
                </fieldset>
              </form>
            )}
          </TabsContent>

          <TabsContent value="register">
            <form onSubmit={submitRegister} noValidate>
              <fieldset disabled={register.isPending} className="space-y-3">
                {field('username', 'Username *', 'text', 'username')}
                {field('email', 'Email *', 'email', 'email')}
                {field('password', 'Password *', 'password', 'new-password')}
                {field('phone', 'Phone', 'tel', 'tel')}
                <div className="space-y-1.5">
                  <Label htmlFor="register-location">Location</Label>
                  <LocationSelect
                    id="register-location"
                    value={reg.location}
                    onChange={(e) => setReg({ ...reg, location: e.target.value })}
                    placeholder="Select your area"
                  />
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="register-accountType">Account Type</Label>
                  <Select
                    id="register-accountType"
                    value={reg.accountType}
                    onChange={(e) => setReg({ ...reg, accountType: e.target.value as AccountType })}
                  >
                    <option value="technician">Technician</option>
                    <option value="customer">Customer</option>
                  </Select>
                </div>
                {reg.accountType === 'technician' && (
                  <>
                    <div className="space-y-1.5">
                      <Label htmlFor="register-specialties">Specialties</Label>
                      <Input
                        id="register-specialties"
                        placeholder="e.g. Brakes, Oil Changes"
                        value={reg.specialties}
                        onChange={(e) => setReg({ ...reg, specialties: e.target.value })}
                      />
                    </div>
                    <div className="space-y-1.5">
                      <Label htmlFor="register-experience">Experience</Label>
                      <Input
                        id="register-experience"
                        placeholder="e.g. 5 years"
                        value={reg.experience}
                        onChange={(e) => setReg({ ...reg, experience: e.target.value })}
                      />
                    </div>
                  </>
                )}
                <p className="text-xs text-muted-foreground">* Required</p>
                <Button type="submit" className="w-full">
                  {register.isPending ? 'Creating Account...' : 'Create Account'}
                </Button>
              </fieldset>
            </form>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
