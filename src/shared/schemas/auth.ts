import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../constants/domain';
import { emailSchema } from './common';
import { phoneSchema } from './phone';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
} from '../passwords';

export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  technicianId: z.number().int().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const signInSchema = z.object({
  username: z.string().trim().min(1, 'Please enter both username and password.').max(100),
  password: z.string().min(1, 'Please enter both username and password.').max(200),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signInResponseSchema = z.object({
  user: currentUserSchema,
  message: z.string(),
});

export const ACCOUNT_TYPES = ['technician', 'customer'] as const;

export const registerSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(3, 'Username must be at least 3 characters')
      .max(50, 'Username must be at most 50 characters')
      .regex(
        /^[A-Za-z0-9_.-]+$/,
        'Username may contain letters, digits, dots, dashes and underscores',
      ),
    email: emailSchema,
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
      .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong),
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    /** Stored in E.164; '' or left out is none. */
    phone: phoneSchema().optional(),
    location: z.string().trim().max(100).optional(),
    accountType: z.enum(ACCOUNT_TYPES).default('technician'),
    specialties: z.string().trim().max(500).optional(),
    experience: z.string().trim().max(100).optional(),
  })
  // The same rule as a reset link and admin:create: not a well-known password, not the
  // username or e-mail address inside it.
  .superRefine((input, ctx) => {
    const problem = passwordProblem(input.password, input);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type RegisterInput = z.input<typeof registerSchema>;

/**
 * What registration answers, the same whether the address was new or already had an account
 * (its owner is e-mailed): no one learns from it which addresses have accounts.
 */
export const REGISTERED_MESSAGES = {
  technician:
    "Your technician application has been submitted for review. You'll be notified once approved by our admin team.",
  customer:
    'Thanks for signing up! We sent a message to your e-mail address: open it to confirm the address.',
} as const;

export const registerResponseSchema = z.object({ message: z.string() });

/** A token from an e-mailed link, always sent in a request body (never in a URL path). */
const linkToken = (message: string) =>
  z.string({ error: message }).min(1, message).max(200, message);

/** POST /api/auth/verify-email, from the link e-mailed at registration. */
export const verifyEmailSchema = z.object({
  token: linkToken('This confirmation link is invalid or has expired'),
});
export const verifyEmailResponseSchema = z.object({
  message: z.string(),
  claimedRequests: z.number().int(),
  /** The link was opened in the browser that registered: it is signed in now. */
  signedIn: z.boolean(),
});

/** POST /api/auth/forgot-password: the answer never tells whether the account exists. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const FORGOT_PASSWORD_MESSAGE =
  "If an account uses that e-mail address, we've sent it a link to choose a new password. The link works once, for 1 hour.";
