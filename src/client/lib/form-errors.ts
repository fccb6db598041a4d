import { ApiError, errorMessage } from './api-client';

/** A form's inline messages: one per field, and `form` for what belongs to no field. */
export type FormErrors<K extends string> = Partial<Record<K | 'form', string>>;

type Issue = { path: readonly PropertyKey[] | string; message: string };

/** The first message per known field, from zod issues (browser) or a 400's issues (server). */
export function issuesToErrors<K extends string>(
  issues: readonly Issue[],
  fields: readonly K[],
): FormErrors<K> {
  const errors: FormErrors<K> = {};
  for (const issue of issues) {
    const head = typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0];
    const key = fields.find((f) => f === String(head));
    if (key) errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * A refusal from the server as inline messages: a 400's field issues under their fields, else
 * the server's message (or `fallback`) for the whole form.
 */
export function serverErrors<K extends string>(
  err: unknown,
  fields: readonly K[],
  fallback: string,
): FormErrors<K> {
  if (err instanceof ApiError && err.status === 400) {
    try {
      const body = JSON.parse(err.body) as { issues?: Issue[] };
      const errors = issuesToErrors(body.issues ?? [], fields);
      if (Object.keys(errors).length > 0) return errors;
    } catch {
      // Not JSON: the message below.
    }
  }
  return { form: errorMessage(err, fallback) } as FormErrors<K>;
}

/** The props that tie an input to its message: `aria-invalid` and `aria-describedby`. */
export function invalidProps(id: string, message: string | undefined) {
  return message
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined };
}
