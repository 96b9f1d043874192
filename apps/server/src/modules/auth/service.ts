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
import type { Clock } from '../../lib/clock';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { listRequestOf } from '../../lib/list';
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

const LOGIN_WINDOW_MS = 15 * 60_000;
const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_IP = 20;
const RESET_TOKEN_TTL_MS = 60 * 60_000;
// Writing last_seen_at on every request would make every read a write.
const SESSION_TOUCH_INTERVAL_MS = 60_000;
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
}

export interface AuthenticatedSession {
  user: SessionUser;
  sessionId: number;
  /** The account still has a manager's one-time password (docs/decisions/016). */
  mustChangePassword: boolean;
}

/** Locks out a second first manager registering at the same moment on PostgreSQL (any fixed key). */
const FIRST_MANAGER_LOCK = 16_016;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock } = deps;
  const isoNow = () => clock.now().toISOString();
  const isoIn = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  const passwords = deps.passwords ?? argon2PasswordHasher;
  // An unknown email is verified against this, so a login costs one verification either way and
  // its time does not tell whether the account exists. Made at start-up, not at the first login.
  const dummyHash = passwords.hash('depot-dummy-password-for-timing');

  async function assertLoginAllowed(email: string, ip: string) {
    const since = isoIn(-LOGIN_WINDOW_MS);
    const failures = await repo.countLoginFailuresSince(db, since, { email, ip });
    if (failures.byEmail >= MAX_FAILURES_PER_EMAIL || failures.byIp >= MAX_FAILURES_PER_IP) {
      throw new TooManyRequestsError(AUTH_MESSAGES.tooManyAttempts, LOGIN_WINDOW_MS / 1000);
    }
  }

  /**
   * Counts the failure and audits it against the account when there is one. The email typed is not
   * audited: someone may have typed their password into it.
   */
  async function failLogin(email: string, ip: string, audit: AuditContext, userId?: number): Promise<never> {
    const now = isoNow();
    await db.transaction().execute(async (trx) => {
      await repo.recordLoginFailure(trx, { email, ip, created_at: now });
      await repo.deleteLoginFailuresBefore(trx, isoIn(-LOGIN_WINDOW_MS));
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
      await assertLoginAllowed(body.email, ip);
      const found = await repo.getActiveUserByEmail(db, body.email);
      // One hash verification whether or not the email exists, so timing tells nothing.
      const verified = await passwords.verify(found?.password_hash ?? (await dummyHash), body.password);
      if (!found || !verified) return failLogin(body.email, ip, audit, found?.id);
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
        await repo.deleteLoginFailuresOfEmail(trx, body.email);
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
      const row = await repo.getSessionByTokenHash(db, hashToken(token));
      if (!row) return null;
      const now = clock.now().getTime();
      const lastSeen = Date.parse(row.last_seen_at);
      if (now >= Date.parse(row.expires_at) || now - lastSeen >= deps.sessionIdleMs) {
        await repo.deleteSessionById(db, row.session_id);
        return null;
      }
      if (now - lastSeen >= SESSION_TOUCH_INTERVAL_MS) {
        await repo.touchSession(db, row.session_id, new Date(now).toISOString());
      }
      return {
        sessionId: row.session_id,
        user: { id: row.id, role: row.role, name: row.name, email: row.email },
        mustChangePassword: row.must_change_password === 1,
      };
    },

    /**
     * Whether the session behind a token is still open, without counting as activity: a live
     * stream checks this on every heartbeat, and must not keep an idle session alive.
     */
    async isSessionOpen(token: string): Promise<boolean> {
      const row = await repo.getSessionByTokenHash(db, hashToken(token));
      if (!row) return false;
      const now = clock.now().getTime();
      return now < Date.parse(row.expires_at) && now - Date.parse(row.last_seen_at) < deps.sessionIdleMs;
    },

    async getProfile(user: SessionUser): Promise<Profile> {
      // Each list's newest rows, in its default order.
      const newest = <SortField extends string>(spec: ListSpec<SortField>) =>
        listRequestOf(spec, { limit: PROFILE_LIST_LIMIT });
      const own = (field: OwnerField) => ({ field, id: user.id });
      const isManager = user.role === 'Inventory Manager';
      const isSupplier = user.role === 'Supplier';
      const [notifications, stocks, products, supplyOrdersPlaced, supplyOrdersReceived, account] =
        await Promise.all([
          repo.listNewestNotifications(db, user.id, PROFILE_LIST_LIMIT),
          isManager ? stocksRepo.listStocks(db, own('inventory_manager_id'), newest(STOCK_LIST)) : [],
          isSupplier
            ? productsRepo.listProducts(db, { reach: own('supplier_id') }, newest(SUPPLIER_PRODUCT_LIST))
            : [],
          isManager
            ? supplyOrdersRepo.listSupplyOrders(
                db,
                own('inventory_manager_id'),
                {},
                newest(SUPPLY_ORDER_LIST),
              )
            : [],
          isSupplier
            ? supplyOrdersRepo.listSupplyOrders(db, own('supplier_id'), {}, newest(SUPPLY_ORDER_LIST))
            : [],
          repo.getMustChangePassword(db, user.id),
        ]);
      return {
        ...user,
        notifications,
        products,
        stocks,
        replenishment_orders: supplyOrdersPlaced,
        supply_orders: supplyOrdersReceived,
        must_change_password: account?.must_change_password === 1,
      };
    },

    /** Same answer whether or not the account exists; the mail goes out in the background. */
    async requestPasswordReset(email: string, audit: AuditContext): Promise<void> {
      const user = await repo.getActiveUserByEmail(db, email);
      if (!user) return;
      const token = createToken();
      const now = isoNow();
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
      deps.mailer
        .send({
          to: user.email,
          subject: 'Reset your Depot password',
          text: `Hello ${user.name},\n\nReset your Depot password here (valid for one hour): ${link}\n\nIf you did not ask for this, ignore this mail.`,
        })
        .catch((error: unknown) => deps.log.error({ err: error }, 'reset mail could not be sent'));
    },

    /** Sets a new password, spends the token and ends every session of the user. */
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
        await repo.updatePasswordHash(trx, usable.user_id, passwordHash);
        await repo.deleteSessionsOfUser(trx, usable.user_id);
        const user = await repo.getActiveUserById(trx, usable.user_id);
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
