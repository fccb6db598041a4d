import { useState, type FormEvent } from 'react';
import { passwordProblem } from '@shared/passwords';
import { PHONE_MESSAGE } from '@shared/phone';
import { toE164 } from '@shared/phone-parse';
import { LocationSelect } from '../../../components/location-select';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { FieldError } from '../../../components/ui/form';
import { FormError, useFormError } from '../../../components/ui/form-error';
import { focusFirstError } from '../../../lib/focus-first-error';
import { invalidProps, serverErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useRegister, type RegisteredUser } from '../api/register';

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

type Field = 'username' | 'email' | 'password' | 'phone';
const FIELDS: readonly Field[] = ['username', 'email', 'password', 'phone'];
const REQUIRED: Partial<Record<Field, string>> = {
  username: 'Please choose a username',
  email: 'Please enter your e-mail address',
  password: 'Please choose a password',
};
const TAKEN_USERNAME = 'That username is already taken';

/**
 * The register form's state, kept by the dialog (it outlives the tab being shown): what is
 * typed, each field's problem (shown under it), and the request. `reset` empties it all.
 */
export function useRegisterForm(
  onRegistered: (user: RegisteredUser | null) => void,
  accountType: AccountType = 'technician',
) {
  const start = { ...empty, accountType };
  const [values, setValues] = useState(start);
  const register = useRegister();
  // A refusal that is no field's (too many attempts) stays by the button.
  const failure = useFormError();
  // Each field's problem, under the field: a missing value, the phone or password rule, a
  // username someone has, the server's issues.
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // Missing fields: the form's one alert ('Please fill in all required fields.') is read out;
  // the lines under the fields are their descriptions, not alerts of their own.
  const [missing, setMissing] = useState(false);

  const showErrors = (found: Partial<Record<Field, string>>, form: Element, absent = false) => {
    setErrors(found);
    setMissing(absent);
    focusFirstError(form);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    failure.clear();
    const found: Partial<Record<Field, string>> = {};
    for (const f of FIELDS) if (REQUIRED[f] && !values[f].trim()) found[f] = REQUIRED[f];
    if (Object.keys(found).length > 0) {
      // Each missing field says so under it; the form's summary by the button and its toast.
      notify({
        title: 'Missing Information',
        description: failure.report(null, 'Please fill in all required fields.'),
        variant: 'destructive',
      });
      return showErrors(found, form, true);
    }
    if (values.phone.trim() && !toE164(values.phone)) found.phone = PHONE_MESSAGE;
    // The server's rule, shown before the round trip.
    const weak =
      values.password &&
      passwordProblem(values.password, { username: values.username, email: values.email });
    if (weak) found.password = weak;
    if (Object.keys(found).length > 0) return showErrors(found, form);
    setErrors({});
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
        onSuccess: ({ message, user }) => {
          notify({ title: 'Registration Submitted', description: message });
          onRegistered(user);
        },
        onError: (err) => {
          const fallback = 'There was an error processing your registration. Please try again.';
          const fromServer = serverErrors(err, FIELDS, fallback);
          const { form: whole, ...fields } = fromServer as Partial<Record<Field | 'form', string>>;
          if (whole === TAKEN_USERNAME) return showErrors({ username: whole }, form);
          if (Object.keys(fields).length > 0) return showErrors(fields, form);
          notify({
            title: 'Registration Failed',
            description: failure.report(err, fallback),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const reset = () => {
    setValues(start);
    setErrors({});
    setMissing(false);
    register.reset();
    failure.clear();
  };

  return {
    values,
    setValues,
    errors,
    missing,
    pending: register.isPending,
    submit,
    reset,
    failure,
  };
}

export type RegisterFormState = ReturnType<typeof useRegisterForm>;

/** A new account: a customer's, or a technician's (then submitted for an admin's review). */
export function RegisterForm({ form }: { form: RegisterFormState }) {
  const { values, setValues, errors } = form;
  const field = (key: Field, label: string, type: string, autoComplete: string) => (
    <div className="space-y-1.5">
      <Label htmlFor={`register-${key}`}>{label}</Label>
      <Input
        id={`register-${key}`}
        type={type}
        autoComplete={autoComplete}
        value={values[key]}
        {...invalidProps(`register-${key}`, errors[key])}
        onChange={(e) => setValues({ ...values, [key]: e.target.value })}
      />
      {form.missing && errors[key] ? (
        <p id={`register-${key}-error`} className="text-sm text-destructive">
          {errors[key]}
        </p>
      ) : (
        <FieldError id={`register-${key}-error`} message={errors[key]} />
      )}
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
