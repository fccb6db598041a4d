/** The 'Payment Setup Error' text for an error the Square Web Payments SDK threw while starting. */
export function squareSetupErrorMessage(err: unknown): string {
  const e = err as { name?: unknown; message?: unknown } | null;
  const text = `${typeof e?.name === 'string' ? e.name : ''} ${typeof e?.message === 'string' ? e.message : ''}`;
  if (/environment/i.test(text))
    return 'Your Square credentials are for a different environment. Please verify your Application ID matches your account type.';
  if (/location/i.test(text))
    return 'Invalid Square location ID. Please check your location settings.';
  return 'Failed to initialize payment form.';
}
