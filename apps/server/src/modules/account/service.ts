import {
  ACCOUNT_MESSAGES,
  type Account,
  type AccountSession,
  AUTH_MESSAGES,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type SessionUser,
} from '@depot/contract';
import Bowser from 'bowser';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ConflictError, InvalidError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { createToken, hashToken } from '../../lib/tokens';
import { type AuditContext, actorOf } from '../audit/context';
import { recordAuditEvent } from '../audit/repository';
import { argon2PasswordHasher, assertNotCommonPassword, type PasswordHasher } from '../auth/passwords';
import * as repo from './repository';

const EMAIL_CHANGE_TTL_MS = 60 * 60_000;

export interface AccountServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Sessions idle this long are over, and not listed. */
  sessionIdleMs: number;
  passwords?: PasswordHasher;
}

/** "Chrome 131 on Windows" from a User-Agent header; "Unknown device" without one. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || userAgent.slice(0, 60);
}

/**
 * The signed-in user's own account (docs/decisions/016-accounts-belong-to-their-owners.md): only
 * its owner changes its name, email and password, and sees and ends its sessions.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, clock } = deps;
  const passwords = deps.passwords ?? argon2PasswordHasher;
  const isoNow = () => clock.now().toISOString();
  const isoIn = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

  async function assertCurrentPassword(user: SessionUser, currentPassword: string) {
    const row = await repo.getPasswordHash(db, user.id);
    if (!row) throw new UnauthorizedError(AUTH_MESSAGES.notLoggedIn);
    if (!(await passwords.verify(row.password_hash, currentPassword))) {
      throw new InvalidError(
        ACCOUNT_MESSAGES.wrongCurrentPassword,
        [{ path: 'body.current_password', message: ACCOUNT_MESSAGES.wrongCurrentPassword }],
        'invalid_input',
      );
    }
    return row.password_hash;
  }

  function sendMail(to: string, subject: string, text: string) {
    deps.mailer
      .send({ to, subject, text })
      .catch((error: unknown) => deps.log.error({ err: error }, 'account mail could not be sent'));
  }

  return {
    async get(user: SessionUser): Promise<Account> {
      const [account, pending] = await Promise.all([
        repo.getAccount(db, user.id),
        repo.getPendingEmailOf(db, user.id, isoNow()),
      ]);
      if (!account) throw new UnauthorizedError(AUTH_MESSAGES.notLoggedIn);
      return {
        id: account.id,
        role: account.role,
        name: account.name,
        email: account.email,
        must_change_password: account.must_change_password === 1,
        pending_email: pending?.new_email ?? null,
        order_mails: account.order_mails === 1,
      };
    },

    /**
     * A Customer's mails about their orders on or off (docs/decisions/023-mail-outbox.md): a change
     * after this one writes no mail while off, and a mail still waiting to go is not sent.
     */
    async changeOrderMails(user: SessionUser, orderMails: boolean, audit: AuditContext): Promise<Account> {
      const now = isoNow();
      await db.transaction().execute(async (trx) => {
        const before = await repo.getAccount(trx, user.id);
        await repo.updateOrderMails(trx, user.id, orderMails);
        await recordAuditEvent(trx, audit, now, {
          action: 'account.order_mails_changed',
          entityType: 'user',
          entityId: user.id,
          before: { order_mails: before?.order_mails === 1 },
          after: { order_mails: orderMails },
          viewers: [user.id],
        });
      });
      return this.get(user);
    },

    async changeName(user: SessionUser, name: string, audit: AuditContext): Promise<Account> {
      const now = isoNow();
      await db.transaction().execute(async (trx) => {
        const before = await repo.getAccount(trx, user.id);
        await repo.updateName(trx, user.id, name);
        if (user.role === 'Supplier') await repo.renameSupplyOrdersOfSupplier(trx, user.id, name);
        await recordAuditEvent(trx, audit, now, {
          action: 'account.name_changed',
          entityType: 'user',
          entityId: user.id,
          before: { name: before?.name },
          after: { name },
          viewers: [user.id],
          ...(user.role === 'Supplier' ? { supplierId: user.id } : {}),
        });
      });
      return this.get({ ...user, name });
    },

    /**
     * Mails a single-use confirmation link (one hour) to the new address and a notice to the old
     * one; the email changes only when the link is opened. The current password proves the owner.
     */
    async requestEmailChange(user: SessionUser, body: ChangeEmailBody, audit: AuditContext): Promise<void> {
      const account = await repo.getAccount(db, user.id);
      if (!account) throw new UnauthorizedError(AUTH_MESSAGES.notLoggedIn);
      await assertCurrentPassword(user, body.current_password);
      if (body.email === account.email) {
        throw new InvalidError(ACCOUNT_MESSAGES.sameEmail, [
          { path: 'body.email', message: ACCOUNT_MESSAGES.sameEmail },
        ]);
      }
      if (await repo.isEmailTaken(db, body.email))
        throw new ConflictError(AUTH_MESSAGES.emailTaken, 'email_taken');
      const token = createToken();
      const now = isoNow();
      await db.transaction().execute(async (trx) => {
        await repo.spendEmailChangeTokensOf(trx, user.id, now);
        await repo.createEmailChangeToken(trx, {
          token_hash: hashToken(token),
          user_id: user.id,
          new_email: body.email,
          created_at: now,
          expires_at: isoIn(EMAIL_CHANGE_TTL_MS),
        });
        await recordAuditEvent(trx, audit, now, {
          action: 'account.email_change_requested',
          entityType: 'user',
          entityId: user.id,
          after: { new_email: body.email },
          viewers: [user.id],
        });
      });
      const link = `${deps.publicUrl}/confirm-email/${token}`;
      sendMail(
        body.email,
        'Confirm your new Depot email',
        `Hello ${account.name},\n\nConfirm that Depot should use this address for your account (valid for one hour): ${link}\n\nIf you did not ask for this, ignore this mail: nothing changes.`,
      );
      sendMail(
        account.email,
        'Your Depot email is about to change',
        `Hello ${account.name},\n\nSomeone logged in to your Depot account asked to change its email to ${body.email}. It changes only when the link sent there is opened.\n\nIf this was not you, change your password on the Account page and log out your other sessions.`,
      );
    },

    /** Opens the mailed link: the account takes the new email, and the link is spent. */
    async confirmEmailChange(token: string, audit: AuditContext): Promise<void> {
      const now = isoNow();
      const usable = await repo.getUsableEmailChangeToken(db, hashToken(token), now);
      if (!usable) throw new InvalidError(ACCOUNT_MESSAGES.invalidEmailToken);
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await repo.spendEmailChangeToken(trx, usable.id, now))) {
            throw new InvalidError(ACCOUNT_MESSAGES.invalidEmailToken);
          }
          await repo.updateEmail(trx, usable.user_id, usable.new_email);
          // The holder of the mailed link acts as the account's owner.
          await recordAuditEvent(
            trx,
            { ...audit, actor: actorOf({ id: usable.user_id, role: usable.role }) },
            now,
            {
              action: 'account.email_changed',
              entityType: 'user',
              entityId: usable.user_id,
              before: { email: usable.old_email },
              after: { email: usable.new_email },
              viewers: [usable.user_id],
              ...(usable.role === 'Supplier' ? { supplierId: usable.user_id } : {}),
            },
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(AUTH_MESSAGES.emailTaken, 'email_taken');
        throw error;
      }
    },

    /** Needs the current password; ends every other session of the user, and spends a one-time password. */
    async changePassword(
      user: SessionUser,
      sessionId: number | null,
      body: ChangePasswordBody,
      audit: AuditContext,
    ): Promise<void> {
      const currentHash = await assertCurrentPassword(user, body.current_password);
      if (await passwords.verify(currentHash, body.new_password)) {
        throw new InvalidError(ACCOUNT_MESSAGES.samePassword, [
          { path: 'body.new_password', message: ACCOUNT_MESSAGES.samePassword },
        ]);
      }
      try {
        assertNotCommonPassword(body.new_password);
      } catch {
        throw new InvalidError(AUTH_MESSAGES.commonPassword, [
          { path: 'body.new_password', message: AUTH_MESSAGES.commonPassword },
        ]);
      }
      const passwordHash = await passwords.hash(body.new_password);
      const now = isoNow();
      await db.transaction().execute(async (trx) => {
        await repo.updateOwnPassword(trx, user.id, passwordHash);
        const ended = await repo.deleteOtherSessionsOf(trx, user.id, sessionId);
        await recordAuditEvent(trx, audit, now, {
          action: 'account.password_changed',
          entityType: 'user',
          entityId: user.id,
          after: { other_sessions_ended: ended },
          viewers: [user.id],
        });
      });
    },

    async listSessions(user: SessionUser, sessionId: number | null): Promise<AccountSession[]> {
      const now = clock.now().getTime();
      const rows = await repo.listOpenSessions(
        db,
        user.id,
        new Date(now).toISOString(),
        new Date(now - deps.sessionIdleMs).toISOString(),
      );
      return rows.map((row) => ({
        id: row.id,
        device: deviceOf(row.user_agent),
        ip: row.ip,
        created_at: row.created_at,
        last_seen_at: row.last_seen_at,
        current: row.id === sessionId,
      }));
    },

    async endSession(user: SessionUser, id: number, audit: AuditContext): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.deleteSessionOf(trx, user.id, id))) {
          throw new NotFoundError(ACCOUNT_MESSAGES.sessionNotFound);
        }
        await recordAuditEvent(trx, audit, isoNow(), {
          action: 'account.session_ended',
          entityType: 'user',
          entityId: user.id,
          after: { session_id: id },
          viewers: [user.id],
        });
      });
    },

    async endOtherSessions(
      user: SessionUser,
      sessionId: number | null,
      audit: AuditContext,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const ended = await repo.deleteOtherSessionsOf(trx, user.id, sessionId);
        await recordAuditEvent(trx, audit, isoNow(), {
          action: 'account.other_sessions_ended',
          entityType: 'user',
          entityId: user.id,
          after: { ended },
          viewers: [user.id],
        });
        return ended;
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
