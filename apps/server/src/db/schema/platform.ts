import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/** A person's platform account (global, not per workspace). A candidate is a user with no workspace. */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** The fiscal code the person claims (sign-up) or an admin entered; not unique: see fiscalCodeVerifiedAt. */
    fiscalCode: text('fiscal_code'),
    /** Set once an admin of an accepted membership confirmed the fiscal code (ADR 0015). */
    fiscalCodeVerifiedAt: timestamp('fiscal_code_verified_at', { withTimezone: true }),
    /** Set once the person proved they read this address (first-login, reset or verification link). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The workspace whose admin created this account (until the person sets a password, only it may correct the e-mail). */
    createdByWorkspaceId: uuid('created_by_workspace_id'),
    isOperator: boolean('is_operator').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    language: text('language').notNull().default('it'),
    lastWorkspaceId: uuid('last_workspace_id'),
    lastLoginWebAt: timestamp('last_login_web_at', { withTimezone: true }),
    lastLoginAppAt: timestamp('last_login_app_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_fiscal_code_idx').on(t.fiscalCode)],
);

/** Who did something (created_by, published_by…): the account, or null once the account is deleted. */
export const byUser = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });

/** A login session (one per login); its refresh tokens rotate, and a replayed old one revokes the whole session. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    client: text('client').notNull().default('web'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use tokens for password reset and first login (invitation); only the SHA-256 hash is stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'first_login', 'verify_email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId)],
);

/** Outgoing e-mail. Written in the business transaction; delivered by a job when SMTP is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    template: text('template').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** Fixed-window counters shared by every server process (rate limits must not live in one process's memory). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('rate_limits_key_window').on(t.key, t.windowStart)],
);

/**
 * Failed logins per account and client address: each failure past the free ones doubles the wait before the next
 * attempt from that address (ASVS 6.1.1/6.3.1 without malicious lockout: other addresses are not slowed).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('login_failures_last_idx').on(t.lastFailureAt)],
);

/** Secrets generated at first start when none is configured (shared by every process through the database). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
