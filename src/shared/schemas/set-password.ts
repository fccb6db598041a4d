import { z } from 'zod';

export const SET_PASSWORD_INVALID = 'This link is invalid or has expired';

/** POST /api/auth/set-password, from the link e-mailed on approval. */
export const setPasswordSchema = z.object({
  token: z
    .string({ error: SET_PASSWORD_INVALID })
    .min(1, SET_PASSWORD_INVALID)
    .max(200, SET_PASSWORD_INVALID),
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password must be at most 200 characters'),
});
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

export const setPasswordCheckSchema = z.object({
  valid: z.literal(true),
  email: z.string(),
  username: z.string().nullable(),
});

export const setPasswordDoneSchema = z.object({
  message: z.string(),
  username: z.string().nullable(),
});
