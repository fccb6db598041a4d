import { z } from 'zod';
import { registerSchema } from '@shared/schemas/auth';
import type { Db } from '../db/client';
import { accountUsingNameOrEmail, insertAdmin } from './admin-account.queries';
import { isUniqueViolation } from '../infra/db-errors';
import { hashPassword } from '../infra/password';
import { passwordProblem } from '@shared/passwords';

/** A refusal to show the operator (no secret in it). */
export class AdminCreateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminCreateError';
  }
}

const adminInputSchema = z.object({
  username: registerSchema.shape.username,
  email: registerSchema.shape.email,
  password: registerSchema.shape.password,
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
});
export type AdminInput = z.input<typeof adminInputSchema>;

/**
 * Creates an approved admin account: refuses invalid input, a weak password, or a username or
 * e-mail already in use (guests included). Returns the new account, never the password.
 */
export async function createAdminAccount(
  db: Db,
  input: AdminInput,
): Promise<{ id: number; username: string; email: string }> {
  const parsed = adminInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AdminCreateError(issue.message);
  }
  const { username, email, password } = parsed.data;
  const problem = passwordProblem(password, { username, email });
  if (problem) throw new AdminCreateError(problem);

  const taken = await accountUsingNameOrEmail(db, username, email);
  const refuseTaken = (t: { username: string | null }) =>
    new AdminCreateError(
      t.username?.toLowerCase() === username.toLowerCase()
        ? 'That username is already taken'
        : 'An account with this email already exists',
    );
  if (taken) throw refuseTaken(taken);

  const passwordHash = await hashPassword(password);
  try {
    const row = await insertAdmin(db, {
      username,
      email,
      passwordHash,
      firstName: parsed.data.firstName || 'Admin',
      lastName: parsed.data.lastName ?? '',
    });
    return { id: row!.id, username: row!.username!, email: row!.email };
  } catch (err) {
    // Created meanwhile by someone else.
    if (isUniqueViolation(err, 'users_username_lower_uq'))
      throw refuseTaken({ username: username });
    if (isUniqueViolation(err)) throw refuseTaken({ username: null });
    throw err;
  }
}
