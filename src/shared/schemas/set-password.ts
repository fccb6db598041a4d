import { z } from 'zod';
import { PASSWORD_MESSAGES, passwordProblem } from '../passwords';

export const SET_PASSWORD_INVALID = 'This link is invalid or has expired';

const linkToken = z
  .string({ error: SET_PASSWORD_INVALID })
  .min(1, SET_PASSWORD_INVALID)
  .max(200, SET_PASSWORD_INVALID);

/** POST /api/auth/set-password/check: the token travels in the body, never in a URL. */
export const setPasswordCheckBodySchema = z.object({ token: linkToken });

/**
 * POST /api/auth/set-password, from the link e-mailed on approval (choose a first password)
 * or from 'Forgot password?' (choose a new one).
 */
export const setPasswordSchema = z.object({
  token: linkToken,
  password: z
    .string({ error: PASSWORD_MESSAGES.tooShort })
    // The account's username and e-mail are checked too, by the server, once the link is known.
    .superRefine((password, ctx) => {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

export const setPasswordCheckSchema = z.object({
  valid: z.literal(true),
  /** 'set' for the approval link (first password), 'reset' for a forgotten password. */
  purpose: z.enum(['set', 'reset']),
  email: z.string(),
  username: z.string().nullable(),
});

export const setPasswordDoneSchema = z.object({
  message: z.string(),
  username: z.string().nullable(),
});
