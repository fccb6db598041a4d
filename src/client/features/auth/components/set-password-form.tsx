import { useState, type FormEvent } from 'react';
import { passwordProblem } from '@shared/passwords';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { FieldError } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { SetPasswordCheck } from '../api/set-password';
import { focusFirstError } from '../../../lib/focus-first-error';

/** Choose a password (twice); `onSave` gets it once both match and it follows the password rule. */
export function SetPasswordForm({
  check,
  saving,
  onSave,
  failure,
}: {
  check: SetPasswordCheck | undefined;
  saving: boolean;
  onSave: (password: string) => void;
  /** The server's refusal of the last save (from `useFormError`), shown by the button. */
  failure?: { id: string; message: string | null };
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ field: 'password' | 'confirm'; message: string }>();
  const invalid = (field: 'password' | 'confirm') =>
    error?.field === field
      ? { 'aria-invalid': true as const, 'aria-describedby': `sp-${field}-error` }
      : {};

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const weak = passwordProblem(password, check ?? {});
    const problem = weak
      ? { field: 'password' as const, message: weak }
      : password !== confirm
        ? { field: 'confirm' as const, message: 'Passwords do not match' }
        : undefined;
    if (problem) {
      setError(problem);
      return focusFirstError(e.currentTarget);
    }
    setError(undefined);
    onSave(password);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        {check?.purpose === 'reset'
          ? 'Choose a new password for'
          : 'Welcome! Choose a password for'}{' '}
        <strong>{check?.email}</strong>
        {check?.username && (
          <>
            {' '}
            (username <strong>{check.username}</strong>)
          </>
        )}
        .
      </p>
      <div className="space-y-1.5">
        <Label htmlFor="sp-password">New Password</Label>
        <Input
          id="sp-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          {...invalid('password')}
        />
        {error?.field === 'password' && (
          <FieldError id="sp-password-error" message={error.message} />
        )}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="sp-confirm">Confirm Password</Label>
        <Input
          id="sp-confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          {...invalid('confirm')}
        />
        {error?.field === 'confirm' && <FieldError id="sp-confirm-error" message={error.message} />}
      </div>
      <Button
        type="submit"
        className="w-full"
        disabled={saving}
        aria-describedby={failure?.message ? failure.id : undefined}
      >
        {saving ? 'Saving...' : 'Set Password'}
      </Button>
      <FormError id={failure?.id} message={failure?.message} />
    </form>
  );
}
