import type { Executor } from '../../db/schema';

/** The signed-in user's own account row; never the password hash. */
export function getAccount(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'name', 'email', 'must_change_password', 'order_mails'])
    .where('id', '=', userId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
}

export function updateOrderMails(db: Executor, userId: number, orderMails: boolean) {
  return db
    .updateTable('users')
    .set({ order_mails: orderMails ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

export function getPasswordHash(db: Executor, userId: number) {
  return db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
}

export function updateName(db: Executor, userId: number, name: string) {
  return db
    .updateTable('users')
    .set({ name })
    .where('id', '=', userId)
    .returning(['id', 'role', 'name', 'email', 'must_change_password', 'order_mails'])
    .executeTakeFirstOrThrow();
}

/** A supplier's name is copied into its supply orders for their list's sort (docs/product/data.md#supply-orders). */
export function renameSupplyOrdersOfSupplier(db: Executor, supplierId: number, name: string) {
  return db
    .updateTable('supply_orders')
    .set({ supplier_name: name })
    .where('supplier_id', '=', supplierId)
    .where('supplier_name', '<>', name)
    .execute();
}

/** Sets the user's own password; the one-time password of a manager is then spent. */
export function updateOwnPassword(db: Executor, userId: number, passwordHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: 0 })
    .where('id', '=', userId)
    .execute();
}

export function isEmailTaken(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

export function createEmailChangeToken(
  db: Executor,
  token: { token_hash: string; user_id: number; new_email: string; created_at: string; expires_at: string },
) {
  return db.insertInto('email_change_tokens').values(token).execute();
}

/** Spends the user's earlier links: only the newest email change can be confirmed. */
export function spendEmailChangeTokensOf(db: Executor, userId: number, usedAt: string) {
  return db
    .updateTable('email_change_tokens')
    .set({ used_at: usedAt })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export function getPendingEmailOf(db: Executor, userId: number, now: string) {
  return db
    .selectFrom('email_change_tokens')
    .select('new_email')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function getUsableEmailChangeToken(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom('email_change_tokens')
    .innerJoin('users', 'users.id', 'email_change_tokens.user_id')
    .select([
      'email_change_tokens.id',
      'email_change_tokens.user_id',
      'email_change_tokens.new_email',
      'users.email as old_email',
      'users.name',
      'users.role',
    ])
    .where('email_change_tokens.token_hash', '=', tokenHash)
    .where('email_change_tokens.used_at', 'is', null)
    .where('email_change_tokens.expires_at', '>', now)
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
}

/** Marks the link used only if nobody did first; returns whether this call won. */
export async function spendEmailChangeToken(db: Executor, tokenId: number, usedAt: string) {
  const result = await db
    .updateTable('email_change_tokens')
    .set({ used_at: usedAt })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function updateEmail(db: Executor, userId: number, email: string) {
  return db.updateTable('users').set({ email }).where('id', '=', userId).execute();
}

/** The user's sessions that have neither expired nor idled out, most recently used first. */
export function listOpenSessions(db: Executor, userId: number, now: string, seenSince: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', seenSince)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Ends one of the user's own sessions; false when the user has none with that id. */
export async function deleteSessionOf(db: Executor, userId: number, sessionId: number) {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Ends every session of the user but the one given; returns how many ended. */
export async function deleteOtherSessionsOf(db: Executor, userId: number, keepSessionId: number | null) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== null) query = query.where('id', '<>', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
