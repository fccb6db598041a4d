import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  inet,
  jsonb,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLES, USER_STATUSES, type Role, type UserStatus } from '@shared/constants/domain';
import { createdAt, id, oneOf, updatedAt } from './_helpers';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Null for guest customers created from a service request or contact form. */
    username: text(),
    email: text().notNull(),
    passwordHash: text(),
    role: text().$type<Role>().notNull(),
    status: text().$type<UserStatus>().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    phone: text(),
    isGuest: boolean().notNull().default(false),
    /** When the owner proved the address (the e-mailed link); null until then. */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    lastSignInAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    // One account per address, and one guest record per address: a guest with the address of
    // an account stays a separate record until the account's owner proves the address.
    uniqueIndex('users_email_lower_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.isGuest} = false`),
    uniqueIndex('users_guest_email_lower_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.isGuest} = true`),
    index('users_role_status_idx').on(t.role, t.status),
    index('users_created_at_idx').on(t.createdAt),
    check('users_role_ck', oneOf(t.role, ROLES)),
    check('users_status_ck', oneOf(t.status, USER_STATUSES)),
  ],
);

/** Server-side sessions; the cookie carries a random token whose SHA-256 is the id here. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: inet(),
    userAgent: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const USER_TOKEN_PURPOSES = ['set_password', 'reset_password', 'verify_email'] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/** Single-use links sent by e-mail (set a password after approval, reset it, prove the address). */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<(typeof USER_TOKEN_PURPOSES)[number]>().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_tokens_user_idx').on(t.userId),
    check('user_tokens_purpose_ck', oneOf(t.purpose, USER_TOKEN_PURPOSES)),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    ip: inet(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorUserId),
  ],
);
