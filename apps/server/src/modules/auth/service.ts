import {
  ACCOUNT_MESSAGES,
  type ApprovalStatus,
  AUTH_MESSAGES,
  type ListSpec,
  type LoginBody,
  type OwnerField,
  type Profile,
  type RegisterBody,
  type SessionUser,
  STOCK_LIST,
  SUPPLIER_PRODUCT_LIST,
  SUPPLY_ORDER_LIST,
} from '@depot/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import type { BackgroundTasks } from '../../lib/background-tasks';
import type { Clock } from '../../lib/clock';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { type JsonRows, listRequestOf } from '../../lib/list';
import type { Mailer } from '../../lib/mailer';
import { createToken, hashToken } from '../../lib/tokens';
import { type AuditContext, actorOf } from '../audit/context';
import { recordAuditEvent } from '../audit/repository';
import { createNotification } from '../notifications/repository';
import * as stocksRepo from '../stocks/repository';
import * as productsRepo from '../supplier-products/repository';
import * as supplyOrdersRepo from '../supply-orders/repository';
import { argon2PasswordHasher, assertNotCommonPassword, type PasswordHasher } from './passwords';
import * as repo from './repository';
import type { SessionCache } from './session-cache';

/**
 * The limits on guessing and on reset mails, and how they are balanced, are
 * docs/decisions/017-login-and-reset-limits.md and docs/product/business-rules.md#login-limits.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  /** Attempts on one account from addresses it has not logged in from lately, all together. */
  perAccount: 5,
  /** Attempts on one account from one address it logged in from lately: a budget of its own. */
  perAccountAtKnownAddress: 5,
  /** Attempts from one address, on any accounts. */
  perAddress: 20,
  /** How long a successful login's address counts as known. */
  knownAddressMs: 30 * 24 * 3_600_000,
} as const;

export const RESET_LIMITS = {
  windowMs: 60 * 60_000,
  perEmail: 3,
  perAddress: 10,
} as const;

const RESET_TOKEN_TTL_MS = 60 * 60_000;
/**
 * Writing last_seen_at on every request would make every read a write, so it is written when it
 * is this old: at most a minute, and at most a tenth of the idle limit, so a session ends between
 * 0.9 and 1 times the idle limit after its last request whatever the limit is.
 */
export const sessionTouchIntervalMs = (sessionIdleMs: number) => Math.min(60_000, sessionIdleMs / 10);
const PROFILE_LIST_LIMIT = 100;

export interface AuthServiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  events: EventBus;
  /** docs/decisions/016-accounts-belong-to-their-owners.md: whether staff roles wait for approval. */
  registration: 'approval' | 'open';
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** Argon2id unless a test passes its own. */
  passwords?: PasswordHasher;
  /** Where reset mails are sent from, after the answer. */
  background: BackgroundTasks;
  /** Sessions read lately (PostgreSQL only): see session-cache.ts for when one is forgotten. */
  sessionCache?: SessionCache<SessionRow>;
}

/** A session and its user as the database holds them. */
export type SessionRow = NonNullable<Awaited<ReturnType<typeof repo.getSessionByTokenHash>>>;

export interface AuthenticatedSession {
  user: SessionUser;
  sessionId: number;
  /** The account still has a manager's one-time password (docs/decisions/016). */
  mustChangePassword: boolean;
}

/** Locks out a second first manager registering at the same moment on PostgreSQL (any fixed key). */
const FIRST_MANAGER_LOCK = 16_016;

/** A profile whose notifications the database wrote as JSON (lib/list.ts, sendWithJsonRows). */
export type ProfileAnswer = Omit<Profile, 'notifications'> & { notifications: JsonRows };

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock } = deps;
  const isoNow = () => clock.now().toISOString();
  const isoIn = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  const passwords = deps.passwords ?? argon2PasswordHasher;
  // An unknown email is verified against this, so a login costs one verification either way and
  // its time does not tell whether the account exists. Made at start-up, not at the first login.
  const dummyHash = passwords.hash('depot-dummy-password-for-timing');

  const touchIntervalMs = sessionTouchIntervalMs(deps.sessionIdleMs);
  const isOpen = (row: SessionRow, now: number) =>
    now < Date.parse(row.expires_at) && now - Date.parse(row.last_seen_at) < deps.sessionIdleMs;
  const touchDue = (row: SessionRow, now: number) => now - Date.parse(row.last_seen_at) >= touchIntervalMs;
  const authenticated = (row: SessionRow): AuthenticatedSession => ({
    sessionId: row.session_id,
    user: { id: row.id, role: row.role, name: row.name, email: row.email },
    mustChangePassword: row.must_change_password === 1,
  });

  /** Counts one attempt against each limit, and refuses with 429 when any is over. */
  async function countAttempts(limits: { key: string; max: number }[], windowMs: number, message: string) {
    const now = isoNow();
    const windowEndsAt = isoIn(windowMs);
    let retryAt = 0;
    // One after the other, never in one transaction: a row lock held while waiting for another
    // would queue every attempt behind the slowest.
    for (const { key, max } of limits) {
      const counted = await repo.countAttempt(db, key, now, windowEndsAt);
      if (counted.attempts > max) retryAt = Math.max(retryAt, Date.parse(counted.windowEndsAt));
    }
    if (retryAt > 0) {
      const seconds = Math.max(1, Math.ceil((retryAt - clock.now().getTime()) / 1000));
      throw new TooManyRequestsError(message, seconds);
    }
  }

  /**
   * Counts a login attempt before its password is checked (docs/decisions/017): by address, and
   * by account, where an address the account logged in from lately has a budget of its own.
   * Returns the keys, so a successful login can take its attempt back.
   */
  async function countLoginAttempt(email: string, ip: string, userId: number | undefined) {
    const since = isoIn(-LOGIN_LIMITS.knownAddressMs);
    // The same query whether or not the account exists (user 0 has no addresses).
    const known = await repo.isKnownLoginAddress(db, userId ?? 0, ip, since);
    const addressKey = `login:address:${ip}`;
    const accountKey = known ? `login:account-at:${ip} ${email}` : `login:account:${email}`;
    await countAttempts(
      [
        { key: addressKey, max: LOGIN_LIMITS.perAddress },
        { key: accountKey, max: known ? LOGIN_LIMITS.perAccountAtKnownAddress : LOGIN_LIMITS.perAccount },
      ],
      LOGIN_LIMITS.windowMs,
      AUTH_MESSAGES.tooManyAttempts,
    );
    return { addressKey, accountKey };
  }

  /**
   * Audits the failure against the account when there is one (it was counted before the check).
   * The email typed is not audited: someone may have typed their password into it.
   */
  async function failLogin(ip: string, audit: AuditContext, userId?: number): Promise<never> {
    const now = isoNow();
    await db.transaction().execute(async (trx) => {
      await repo.deleteEndedAttemptWindows(trx, now);
      await recordAuditEvent(trx, { ...audit, actor: null }, now, {
        action: 'auth.login_failed',
        entityType: 'user',
        entityId: userId ?? null,
        after: { ip, account_exists: userId !== undefined },
        viewers: userId === undefined ? [] : [userId],
      });
    });
    throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials, 'invalid_credentials');
  }

  /** Makes a reset link and mails it, if the email is an active account's; runs after the answer. */
  async function sendResetLink(email: string, audit: AuditContext): Promise<void> {
    const now = isoNow();
    await repo.deleteEndedAttemptWindows(db, now);
    const user = await repo.getActiveUserByEmail(db, email);
    if (!user) return;
    const token = createToken();
    await db.transaction().execute(async (trx) => {
      await repo.createResetToken(trx, {
        token_hash: hashToken(token),
        user_id: user.id,
        created_at: now,
        expires_at: isoIn(RESET_TOKEN_TTL_MS),
      });
      // Anyone may ask for an email's reset: nobody is the actor. The link stays out of the row.
      await recordAuditEvent(trx, { ...audit, actor: null }, now, {
        action: 'auth.password_reset_requested',
        entityType: 'user',
        entityId: user.id,
        viewers: [user.id],
      });
    });
    const link = `${deps.publicUrl}/reset-password/${token}`;
    await deps.mailer.send({
      to: user.email,
      subject: 'Reset your Depot password',
      text: `Hello ${user.name},\n\nReset your Depot password here (valid for one hour): ${link}\n\nIf you did not ask for this, ignore this mail.`,
    });
  }

  return {
    /**
     * Opens an account. Under REGISTRATION=approval a staff role waits for a manager's approval,
     * except the first Inventory Manager of an install, who owns the business; the managers are
     * notified of one who waits (docs/decisions/016-accounts-belong-to-their-owners.md).
     */
    async register(
      body: RegisterBody,
      audit: AuditContext,
    ): Promise<{ user: SessionUser; approvalStatus: Exclude<ApprovalStatus, 'rejected'> }> {
      assertNotCommonPassword(body.password);
      const existing = await repo.getActiveUserByEmail(db, body.email);
      if (existing) throw new ConflictError(AUTH_MESSAGES.emailTaken, 'email_taken');
      const passwordHash = await passwords.hash(body.password);
      const now = isoNow();
      const needsApproval = deps.registration === 'approval' && body.role !== 'Customer';
      try {
        const registered = await db.transaction().execute(async (trx) => {
          let approvalStatus: Exclude<ApprovalStatus, 'rejected'> = 'active';
          let firstManager = false;
          if (needsApproval) {
            if (body.role === 'Inventory Manager') {
              if (deps.dialect === 'postgres') {
                await sql`select pg_advisory_xact_lock(${FIRST_MANAGER_LOCK})`.execute(trx);
              }
              firstManager = !(await repo.hasActiveManager(trx));
            }
            approvalStatus = firstManager ? 'active' : 'pending';
          }
          const user = await repo.createUser(trx, {
            role: body.role,
            name: body.name,
            email: body.email,
            password_hash: passwordHash,
            created_at: now,
            approval_status: approvalStatus,
          });
          await recordAuditEvent(trx, { ...audit, actor: actorOf(user) }, now, {
            action: 'auth.registered',
            entityType: 'user',
            entityId: user.id,
            after: { name: user.name, email: user.email, role: user.role, approval_status: approvalStatus },
            viewers: [user.id],
          });
          const notifications =
            approvalStatus === 'pending'
              ? await Promise.all(
                  (await repo.listActiveManagerIds(trx)).map((managerId) =>
                    createNotification(trx, {
                      user_id: managerId,
                      title: ACCOUNT_MESSAGES.waitingTitle,
                      message: `${user.name} (${user.email}) registered as ${user.role} and waits for approval on the Team page.`,
                      created_at: now,
                    }).then((notification) => ({ managerId, notification })),
                  ),
                )
              : [];
          return { user, approvalStatus, firstManager, notifications };
        });
        for (const { managerId, notification } of registered.notifications) {
          deps.events.publish(managerId, { type: 'notification', data: notification });
        }
        if (registered.firstManager) {
          deps.log.info(
            { userId: registered.user.id },
            'first Inventory Manager of this install approved at once: they own the business and approve the staff who register after them',
          );
        }
        return { user: registered.user, approvalStatus: registered.approvalStatus };
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(AUTH_MESSAGES.emailTaken, 'email_taken');
        throw error;
      }
    },

    /** Checks the credentials and opens a new session; returns the user and the raw token. */
    async login(
      body: LoginBody,
      ip: string,
      audit: AuditContext,
      userAgent: string | null = null,
    ): Promise<{ user: SessionUser; token: string; mustChangePassword: boolean }> {
      const found = await repo.getActiveUserByEmail(db, body.email);
      const counted = await countLoginAttempt(body.email, ip, found?.id);
      // One hash verification whether or not the email exists, so timing tells nothing.
      const verified = await passwords.verify(found?.password_hash ?? (await dummyHash), body.password);
      if (!found || !verified) return failLogin(ip, audit, found?.id);
      // Told only to whoever knows the password, so it reveals nothing about the account to others.
      if (found.approval_status === 'pending') {
        throw new ForbiddenError(ACCOUNT_MESSAGES.awaitingApproval, 'account_pending');
      }
      if (found.approval_status === 'rejected') {
        throw new ForbiddenError(ACCOUNT_MESSAGES.rejected, 'account_rejected');
      }

      // A fresh token at every login: a token planted before login never becomes a session.
      const token = createToken();
      const now = isoNow();
      await db.transaction().execute(async (trx) => {
        await repo.createSession(trx, {
          token_hash: hashToken(token),
          user_id: found.id,
          created_at: now,
          expires_at: isoIn(deps.sessionMaxMs),
          user_agent: userAgent,
          ip,
        });
        // Right at last: this account's failures here are forgiven, and the address's attempt
        // is taken back, as only failures count against an address.
        await repo.clearAttempts(trx, counted.accountKey);
        await repo.uncountAttempt(trx, counted.addressKey);
        await repo.rememberLoginAddress(
          trx,
          { user_id: found.id, ip, last_login_at: now },
          isoIn(-LOGIN_LIMITS.knownAddressMs),
        );
        await recordAuditEvent(trx, { ...audit, actor: actorOf(found) }, now, {
          action: 'auth.login',
          entityType: 'user',
          entityId: found.id,
          after: { ip },
          viewers: [found.id],
        });
      });
      const { id, role, name, email, must_change_password } = found;
      return { user: { id, role, name, email }, token, mustChangePassword: must_change_password === 1 };
    },

    async logout(token: string | undefined, audit: AuditContext): Promise<void> {
      if (!token) return;
      await db.transaction().execute(async (trx) => {
        const session = await repo.getSessionByTokenHash(trx, hashToken(token));
        if (!session) return;
        await repo.deleteSessionById(trx, session.session_id);
        await recordAuditEvent(trx, { ...audit, actor: actorOf(session) }, isoNow(), {
          action: 'auth.logout',
          entityType: 'user',
          entityId: session.id,
          viewers: [session.id],
        });
      });
    },

    /** Ends every session of the user, on every device, this one included. */
    async logoutEverywhere(user: SessionUser, audit: AuditContext): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await repo.deleteSessionsOfUser(trx, user.id);
        await recordAuditEvent(trx, { ...audit, actor: actorOf(user) }, isoNow(), {
          action: 'auth.logout_everywhere',
          entityType: 'user',
          entityId: user.id,
          viewers: [user.id],
        });
      });
    },

    /** The session behind a cookie token, or null when missing, expired or idle too long. */
    async authenticate(token: string): Promise<AuthenticatedSession | null> {
      const tokenHash = hashToken(token);
      const { sessionCache } = deps;
      const now = clock.now().getTime();
      // A kept session answers only while it needs nothing written: ending and touching one read it afresh.
      const kept = sessionCache?.get(tokenHash, now);
      if (kept && isOpen(kept, now) && !touchDue(kept, now)) return authenticated(kept);
      const generation = sessionCache?.generation() ?? 0;
      let row = await repo.getSessionByTokenHash(db, tokenHash);
      if (!row) return null;
      if (!isOpen(row, now)) {
        await repo.deleteSessionById(db, row.session_id);
        return null;
      }
      if (touchDue(row, now)) {
        const lastSeenAt = new Date(now).toISOString();
        await repo.touchSession(db, row.session_id, lastSeenAt);
        row = { ...row, last_seen_at: lastSeenAt };
      }
      sessionCache?.remember(tokenHash, row, generation, now);
      return authenticated(row);
    },

    /**
     * Whether the session behind a token is still open, without counting as activity: a live
     * stream checks this on every heartbeat, and must not keep an idle session alive.
     */
    async isSessionOpen(token: string): Promise<boolean> {
      const row = await repo.getSessionByTokenHash(db, hashToken(token));
      return row !== undefined && isOpen(row, clock.now().getTime());
    },

    /**
     * The profile of the session's user; `mustChangePassword` as the session read it (one query
     * fewer). Its notifications come as the database wrote them (the route splices them in).
     */
    async getProfile(user: SessionUser, mustChangePassword: boolean): Promise<ProfileAnswer> {
      // Each list's newest rows, in its default order.
      const newest = <SortField extends string>(spec: ListSpec<SortField>) =>
        listRequestOf(spec, { limit: PROFILE_LIST_LIMIT });
      const own = (field: OwnerField) => ({ field, id: user.id });
      const isManager = user.role === 'Inventory Manager';
      const isSupplier = user.role === 'Supplier';
      const [notifications, stocks, products, supplyOrdersPlaced, supplyOrdersReceived] = await Promise.all([
        repo.newestNotificationsJson(db, user.id, PROFILE_LIST_LIMIT),
        isManager ? stocksRepo.listStocks(db, own('inventory_manager_id'), newest(STOCK_LIST)) : [],
        isSupplier
          ? productsRepo.listProducts(db, { reach: own('supplier_id') }, newest(SUPPLIER_PRODUCT_LIST))
          : [],
        isManager
          ? supplyOrdersRepo.listSupplyOrders(db, own('inventory_manager_id'), {}, newest(SUPPLY_ORDER_LIST))
          : [],
        isSupplier
          ? supplyOrdersRepo.listSupplyOrders(db, own('supplier_id'), {}, newest(SUPPLY_ORDER_LIST))
          : [],
      ]);
      return {
        ...user,
        notifications,
        products,
        stocks,
        replenishment_orders: supplyOrdersPlaced,
        supply_orders: supplyOrdersReceived,
        must_change_password: mustChangePassword,
      };
    },

    /**
     * Counted by address and by email, then answered the same whether or not the account exists:
     * whether it does is looked up after the answer, where the link is made and mailed.
     */
    async requestPasswordReset(email: string, ip: string, audit: AuditContext): Promise<void> {
      await countAttempts(
        [
          { key: `reset:address:${ip}`, max: RESET_LIMITS.perAddress },
          { key: `reset:email:${email}`, max: RESET_LIMITS.perEmail },
        ],
        RESET_LIMITS.windowMs,
        AUTH_MESSAGES.tooManyResetRequests,
      );
      deps.background.run('reset mail', () => sendResetLink(email, audit));
    },

    /**
     * Sets a new password, spends the token and every other open link of the user, ends every
     * session of the user, and lifts the account's login limit (the mailbox's owner is back).
     */
    async resetPassword(token: string, password: string, audit: AuditContext): Promise<void> {
      assertNotCommonPassword(password);
      const tokenHash = hashToken(token);
      const usable = await repo.getUsableResetToken(db, tokenHash, isoNow());
      if (!usable) throw new InvalidError(AUTH_MESSAGES.invalidResetToken);
      const passwordHash = await passwords.hash(password);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.markResetTokenUsed(trx, usable.id, isoNow()))) {
          throw new InvalidError(AUTH_MESSAGES.invalidResetToken);
        }
        await repo.spendResetTokensOfUser(trx, usable.user_id, isoNow());
        await repo.updatePasswordHash(trx, usable.user_id, passwordHash);
        await repo.deleteSessionsOfUser(trx, usable.user_id);
        const user = await repo.getActiveUserById(trx, usable.user_id);
        if (user) await repo.clearAttempts(trx, `login:account:${user.email}`);
        // The holder of the mailed link acts as the account's owner.
        await recordAuditEvent(trx, { ...audit, actor: user ? actorOf(user) : null }, isoNow(), {
          action: 'auth.password_reset',
          entityType: 'user',
          entityId: usable.user_id,
          viewers: [usable.user_id],
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
