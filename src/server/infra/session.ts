import { createHash, randomBytes } from 'node:crypto';
import type { Role, UserStatus } from '@shared/constants/domain';
import { AppError } from './app-error';

/** The signed-in user the access plugin puts on `request.user`. */
export type SessionUser = {
  id: number;
  username: string | null;
  email: string;
  role: Role;
  status: UserStatus;
  firstName: string;
  lastName: string;
  phone: string | null;
  technicianId: number | null;
  sessionId: string;
};

export const SESSION_COOKIE = 'wrenchly_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** A technician reaches only its own records; admins reach all. */
export function assertOwnTechnician(user: SessionUser | null, technicianId: number): void {
  if (!user) throw new AppError(401, 'Authentication required');
  if (user.role === 'admin') return;
  if (user.technicianId !== technicianId)
    throw new AppError(403, 'You can only access your own records');
}
