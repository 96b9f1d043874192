import type { ApprovalStatus, Role } from '@depot/contract';
import { type Kysely, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import { jsonArray, jsonRowsOf } from '../../db/list-query';
import type { Database, Executor } from '../../db/schema';
import type { JsonRows } from '../../lib/list';

const userColumns = ['users.id', 'users.role', 'users.name', 'users.email'] as const;

export function getActiveUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'users.password_hash', 'users.approval_status', 'users.must_change_password'])
    .where('email', '=', email)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
}

export function getActiveUserById(db: Executor, id: number) {
  return db
    .selectFrom('users')
    .select(userColumns)
    .where('id', '=', id)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
}

export function createUser(
  db: Executor,
  user: {
    role: Role;
    name: string;
    email: string;
    password_hash: string;
    created_at: string;
    approval_status: ApprovalStatus;
  },
) {
  return db.insertInto('users').values(user).returning(userColumns).executeTakeFirstOrThrow();
}

export function updatePasswordHash(db: Executor, userId: number, passwordHash: string) {
  return db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export function createSession(
  db: Executor,
  session: {
    token_hash: string;
    user_id: number;
    created_at: string;
    expires_at: string;
    user_agent: string | null;
    ip: string;
  },
) {
  return db
    .insertInto('sessions')
    .values({ ...session, last_seen_at: session.created_at })
    .execute();
}

/** The session with its user, if the user is still active and approved. */
// Every request asks for its session: compiled once (see compiledQuery).
const sessionByTokenHashQuery = compiledQuery((db, args: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      ...userColumns,
      'users.must_change_password',
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
    ])
    .where('sessions.token_hash', '=', args.tokenHash)
    .where('users.deactivated_at', 'is', null)
    .where('users.approval_status', '=', 'active'),
);

export function getSessionByTokenHash(db: Executor, tokenHash: string) {
  return sessionByTokenHashQuery.executeTakeFirst(db, { tokenHash });
}

const touchSessionQuery = compiledQuery((db, args: { sessionId: number; lastSeenAt: string }) =>
  db.updateTable('sessions').set({ last_seen_at: args.lastSeenAt }).where('id', '=', args.sessionId),
);

export async function touchSession(db: Executor, sessionId: number, lastSeenAt: string) {
  await touchSessionQuery.execute(db, { sessionId, lastSeenAt });
}

/** touchSession's statement as sent: it writes last_seen_at alone. */
export const touchSessionSql = (db: Kysely<Database>) => touchSessionQuery.sqlFor(db);

export function deleteSessionById(db: Executor, sessionId: number) {
  return db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export function deleteSessionsOfUser(db: Executor, userId: number) {
  return db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/**
 * Counts one attempt against a limit and returns the count, in one statement: concurrent attempts
 * each get their own number, so no more than the limit ever pass (docs/decisions/017). A window
 * that has ended starts again at 1.
 */
export async function countAttempt(db: Executor, key: string, now: string, windowEndsAt: string) {
  // A window holds its last instant: 15 minutes from 10:00 refuse until 10:15 inclusive.
  const ended = sql<boolean>`attempt_limits.window_ends_at < ${now}`;
  const row = await db
    .insertInto('attempt_limits')
    .values({ key, attempts: 1, window_ends_at: windowEndsAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        attempts: sql<number>`case when ${ended} then 1 else attempt_limits.attempts + 1 end`,
        window_ends_at: sql<string>`case when ${ended} then ${windowEndsAt} else attempt_limits.window_ends_at end`,
      }),
    )
    .returning(['attempts', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { attempts: Number(row.attempts), windowEndsAt: row.window_ends_at };
}

/** Takes back one attempt of a limit (a login that turned out right is not a failure). */
export function uncountAttempt(db: Executor, key: string) {
  return db
    .updateTable('attempt_limits')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('key', '=', key)
    .where('attempts', '>', 0)
    .execute();
}

export function clearAttempts(db: Executor, key: string) {
  return db.deleteFrom('attempt_limits').where('key', '=', key).execute();
}

export function deleteEndedAttemptWindows(db: Executor, now: string) {
  return db.deleteFrom('attempt_limits').where('window_ends_at', '<', now).execute();
}

/** Whether the user logged in successfully from this address since then (never, for user 0). */
export async function isKnownLoginAddress(db: Executor, userId: number, ip: string, since: string) {
  const row = await db
    .selectFrom('known_login_addresses')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('ip', '=', ip)
    .where('last_login_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Remembers a successful login's address, and forgets the user's addresses not used since then. */
export async function rememberLoginAddress(
  db: Executor,
  login: { user_id: number; ip: string; last_login_at: string },
  forgetBefore: string,
) {
  await db
    .insertInto('known_login_addresses')
    .values(login)
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'ip']).doUpdateSet({ last_login_at: login.last_login_at }),
    )
    .execute();
  await db
    .deleteFrom('known_login_addresses')
    .where('user_id', '=', login.user_id)
    .where('last_login_at', '<', forgetBefore)
    .execute();
}

export function createResetToken(
  db: Executor,
  token: { token_hash: string; user_id: number; created_at: string; expires_at: string },
) {
  return db.insertInto('password_reset_tokens').values(token).execute();
}

export function getUsableResetToken(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom('password_reset_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends every reset link of the user still open: one successful reset ends the others. */
export function spendResetTokensOfUser(db: Executor, userId: number, usedAt: string) {
  return db
    .updateTable('password_reset_tokens')
    .set({ used_at: usedAt })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Marks the token used only if nobody did first; returns whether this call won. */
export async function markResetTokenUsed(db: Executor, tokenId: number, usedAt: string) {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: usedAt })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A notification's fields as the API names them (its columns' own names) and as the route's
 * serializer writes them: the optional order_id after the required fields.
 */
const NOTIFICATION_FIELDS = ['id', 'title', 'message', 'created_at', 'order_id'] as const;

// The profile's part that grows: written as JSON by the database, compiled once
// (docs/decisions/041-lists-written-by-the-database.md).
const newestNotificationsJsonQuery = compiledQuery((db, args: { userId: number; limit: number }) =>
  jsonArray(
    db,
    db.selectFrom('notifications').where('user_id', '=', args.userId),
    NOTIFICATION_FIELDS,
    [
      ['created_at', 'desc'],
      ['id', 'desc'],
    ],
    args.limit,
  ),
);

/** A user's newest notifications, newest first, as the API's JSON array written by the database. */
export async function newestNotificationsJson(
  db: Executor,
  userId: number,
  limit: number,
): Promise<JsonRows> {
  return jsonRowsOf((await newestNotificationsJsonQuery.execute(db, { userId, limit })).rows);
}

/** Whether an approved, active Inventory Manager exists: the first one of an install owns the business. */
export async function hasActiveManager(db: Executor): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'Inventory Manager')
    .where('approval_status', '=', 'active')
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of the active Inventory Managers, who decide on staff accounts waiting for approval. */
export async function listActiveManagerIds(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'Inventory Manager')
    .where('approval_status', '=', 'active')
    .where('deactivated_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}
