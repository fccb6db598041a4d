import { useState, type FormEvent } from 'react';
import { passwordProblem } from '@shared/passwords';
import { LocationSelect } from '../../../components/location-select';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { FormError, useFormError } from '../../../components/ui/form-error';
import { focusFirstError } from '../../../lib/focus-first-error';
import { notify } from '../../../lib/toast';
import { useRegister } from '../api/register';

type AccountType = 'technician' | 'customer';

const empty = {
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

/** Moves focus to the register form's password field. */
function focusPassword(form: Element) {
  form.querySelector<HTMLInputElement>('#register-password')?.focus();
}

/**
 * The register form's state, kept by the dialog (it outlives the tab being shown): what is
 * typed, whether a submit found required fields empty, and the request. `reset` empties it all.
 */
export function useRegisterForm(onRegistered: () => void, accountType: AccountType = 'technician') {
  const start = { ...empty, accountType };
  const [values, setValues] = useState(start);
  const [tried, setTried] = useState(false);
  const register = useRegister();
  // The server's answer (username taken, too many attempts) stays by the button.
  const failure = useFormError();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    failure.clear();
    if (!values.username.trim() || !values.email.trim() || !values.password) {
      setTried(true);
      focusFirstError(e.currentTarget);
      notify({
        title: 'Missing Information',
        description: failure.report(null, 'Please fill in all required fields.'),
        variant: 'destructive',
      });
      return;
    }
    // The server's rule, shown before the round trip.
    const weak = passwordProblem(values.password, {
      username: values.username,
      email: values.email,
    });
    if (weak) {
      focusPassword(e.currentTarget);
      notify({ title: 'Choose Another Password', description: weak, variant: 'destructive' });
      return;
    }
    const technician = values.accountType === 'technician';
    register.mutate(
      {
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        accountType: values.accountType,
        phone: values.phone.trim() || undefined,
        location: values.location || undefined,
        specialties: (technician && values.specialties.trim()) || undefined,
        experience: (technician && values.experience.trim()) || undefined,
      },
      {
        onSuccess: () => {
          notify({ title: 'Registration Submitted', description: REGISTERED[values.accountType] });
          onRegistered();
        },
        onError: (err) =>
          notify({
            title: 'Registration Failed',
            description: failure.report(
              err,
              'There was an error processing your registration. Please try again.',
            ),
            variant: 'destructive',
          }),
      },
    );
  };

  const reset = () => {
    setValues(start);
    setTried(false);
    register.reset();
    failure.clear();
  };

  return { values, setValues, tried, pending: register.isPending, submit, reset, failure };
}

export type RegisterFormState = ReturnType<typeof useRegisterForm>;

/** A new account: a customer's, or a technician's (then submitted for an admin's review). */
export function RegisterForm({ form }: { form: RegisterFormState }) {
  const { values, setValues, tried } = form;
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
        value={values[key]}
        aria-invalid={tried && key !== 'phone' && !values[key].trim() ? true : undefined}
        onChange={(e) => setValues({ ...values, [key]: e.target.value })}
      />
    </div>
  );

  return (
    <form onSubmit={form.submit} noValidate>
      <fieldset disabled={form.pending} className="space-y-3">
        {field('username', 'Username *', 'text', 'username')}
        {field('email', 'Email *', 'email', 'email')}
        {field('password', 'Password *', 'password', 'new-password')}
        {field('phone', 'Phone', 'tel', 'tel')}
        <div className="space-y-1.5">
          <Label htmlFor="register-location">Location</Label>
          <LocationSelect
            id="register-location"
            value={values.location}
            onChange={(e) => setValues({ ...values, location: e.target.value })}
            placeholder="Select your area"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="register-accountType">Account Type</Label>
          <Select
            id="register-accountType"
            value={values.accountType}
            onChange={(e) => setValues({ ...values, accountType: e.target.value as AccountType })}
          >
            <option value="technician">Technician</option>
            <option value="customer">Customer</option>
          </Select>
        </div>
        {values.accountType === 'technician' && (
          <>
            <div className="space-y-1.5">
              <Label htmlFor="register-specialties">Specialties</Label>
              <Input
                id="register-specialties"
                placeholder="e.g. Brakes, Oil Changes"
                value={values.specialties}
                onChange={(e) => setValues({ ...values, specialties: e.target.value })}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="register-experience">Experience</Label>
              <Input
                id="register-experience"
                placeholder="e.g. 5 years"
                value={values.experience}
                onChange={(e) => setValues({ ...values, experience: e.target.value })}
              />
            </div>
          </>
        )}
        <p className="text-xs text-muted-foreground">* Required</p>
        <Button type="submit" className="w-full" aria-describedby={form.failure.describedBy}>
          {form.pending ? 'Creating Account...' : 'Create Account'}
        </Button>
        <FormError id={form.failure.id} message={form.failure.message} />
      </fieldset>
    </form>
  );
}
