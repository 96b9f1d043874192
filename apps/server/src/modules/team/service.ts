import {
  ACCOUNT_MESSAGES,
  type AuditAction,
  TEAM_LIST,
  type TeamListQuery,
  type TeamMember,
} from '@depot/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { type ListPage, listPage } from '../../lib/list';
import type { Mailer } from '../../lib/mailer';
import type { AuditContext } from '../audit/context';
import { recordAuditEvent } from '../audit/repository';
import type { Scope } from '../auth/authenticate';
import { deleteSessionsOfUser } from '../auth/repository';
import * as repo from './repository';

export interface TeamServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * The Team screen: Inventory Managers grant staff roles (approve or reject an account waiting) and
 * deactivate or reactivate staff accounts (docs/decisions/016-accounts-belong-to-their-owners.md).
 */
export function createTeamService(deps: TeamServiceDeps) {
  const { db, clock } = deps;
  const isoNow = () => clock.now().toISOString();

  /** One decision on a staff account: the change, its audit event, in one transaction. */
  async function decide(
    id: number,
    audit: AuditContext,
    action: AuditAction,
    change: (trx: Executor, now: string) => Promise<boolean>,
    refusal: string,
  ): Promise<TeamMember> {
    const now = isoNow();
    return db.transaction().execute(async (trx) => {
      const before = await repo.getMember(trx, id);
      if (!before) throw new NotFoundError(ACCOUNT_MESSAGES.memberNotFound);
      if (!(await change(trx, now))) throw new ConflictError(refusal);
      const after = await repo.getMember(trx, id);
      if (!after) throw new NotFoundError(ACCOUNT_MESSAGES.memberNotFound);
      await recordAuditEvent(trx, audit, now, {
        action,
        entityType: 'user',
        entityId: id,
        before: { status: before.status, role: before.role, email: before.email },
        after: { status: after.status },
        viewers: [id],
        ...(before.role === 'Supplier' ? { supplierId: id } : {}),
      });
      return after;
    });
  }

  function tell(member: TeamMember, subject: string, text: string) {
    deps.mailer
      .send({ to: member.email, subject, text: `Hello ${member.name},\n\n${text}` })
      .catch((error: unknown) => deps.log.error({ err: error }, 'team mail could not be sent'));
  }

  return {
    list(query: TeamListQuery): Promise<ListPage<TeamMember>> {
      return listPage(
        TEAM_LIST,
        query,
        (list) => repo.listTeam(db, list, query.status),
        (q) => repo.countTeam(db, q, query.status),
      );
    },

    async approve(id: number, audit: AuditContext): Promise<TeamMember> {
      const member = await decide(
        id,
        audit,
        'account.approved',
        (trx) => repo.decidePending(trx, id, 'active'),
        ACCOUNT_MESSAGES.notPending,
      );
      tell(
        member,
        'Your Depot account is approved',
        `An Inventory Manager approved your ${member.role} account. Log in at ${deps.publicUrl}.`,
      );
      return member;
    },

    async reject(id: number, audit: AuditContext): Promise<TeamMember> {
      const member = await decide(
        id,
        audit,
        'account.rejected',
        (trx) => repo.decidePending(trx, id, 'rejected'),
        ACCOUNT_MESSAGES.notPending,
      );
      tell(
        member,
        'Your Depot account request',
        `Your request for a ${member.role} account was not approved.`,
      );
      return member;
    },

    /** Ends the account's sessions too. A manager cannot deactivate themselves: someone must be left to reactivate. */
    async deactivate(scope: Scope, id: number, audit: AuditContext): Promise<TeamMember> {
      if (id === scope.user.id) {
        throw new ForbiddenError(ACCOUNT_MESSAGES.cannotDeactivateSelf, 'cannot_deactivate_self');
      }
      return decide(
        id,
        audit,
        'account.deactivated',
        async (trx, now) => {
          if (!(await repo.deactivate(trx, id, now))) return false;
          await deleteSessionsOfUser(trx, id);
          return true;
        },
        'Only an active account can be deactivated',
      );
    },

    async reactivate(id: number, audit: AuditContext): Promise<TeamMember> {
      return decide(
        id,
        audit,
        'account.reactivated',
        (trx) => repo.reactivate(trx, id),
        'Only a deactivated account can be reactivated',
      );
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
