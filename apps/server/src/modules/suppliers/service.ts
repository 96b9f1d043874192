import {
  AUTH_MESSAGES,
  type CreateSupplierBody,
  SUPPLIER_LIST,
  SUPPLIER_MESSAGES,
  type Supplier,
  type SupplierListQuery,
  type UpdateSupplierBody,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { type ListPage, listPage } from '../../lib/list';
import type { AuditContext } from '../audit/context';
import { recordAuditEvent, relateManagerToSupplier } from '../audit/repository';
import { assertNotCommonPassword, hashPassword } from '../auth/passwords';
import { deleteSessionsOfUser } from '../auth/repository';
import * as repo from './repository';

export interface SupplierServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** The unique index on users.email is the backstop when two writers race past the check. */
async function refuseDuplicateEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(AUTH_MESSAGES.emailTaken, 'email_taken');
    throw error;
  }
}

/** What the audit trail keeps of a supplier account: its contact fields, never its password. */
function supplierSnapshot(supplier: Supplier) {
  const { name, email, phone_number, address } = supplier;
  return { name, email, phone_number, address };
}

export function createSupplierService(deps: SupplierServiceDeps) {
  const { db, clock } = deps;
  const isoNow = () => clock.now().toISOString();

  return {
    async list(query: SupplierListQuery): Promise<ListPage<Supplier>> {
      return listPage(
        SUPPLIER_LIST,
        query,
        (list) => repo.listActiveSuppliers(db, list),
        (q) => repo.countActiveSuppliers(db, q),
      );
    },

    /**
     * Opens a Supplier account, active at once, that logs in with the password given once: it must
     * choose its own at the first login (docs/decisions/016-accounts-belong-to-their-owners.md).
     */
    async create(body: CreateSupplierBody, audit: AuditContext): Promise<Supplier> {
      assertNotCommonPassword(body.password);
      if (await repo.isEmailTaken(db, body.email))
        throw new ConflictError(AUTH_MESSAGES.emailTaken, 'email_taken');
      const passwordHash = await hashPassword(body.password);
      const now = isoNow();
      return refuseDuplicateEmail(() =>
        db.transaction().execute(async (trx) => {
          const supplier = await repo.createSupplier(trx, {
            name: body.name,
            email: body.email,
            phone_number: body.phone_number,
            address: body.address,
            password_hash: passwordHash,
            created_at: now,
          });
          await recordAuditEvent(trx, audit, now, {
            action: 'supplier.created',
            entityType: 'supplier',
            entityId: supplier.id,
            after: supplierSnapshot(supplier),
            viewers: [],
            supplierId: supplier.id,
          });
          // The manager who opened the account reads its events in Activity.
          if (audit.actor) await relateManagerToSupplier(trx, audit.actor.id, supplier.id);
          return supplier;
        }),
      );
    },

    /** Changes the contact fields only; the login (email, password) is the supplier's own. */
    async update(id: number, body: UpdateSupplierBody, audit: AuditContext): Promise<Supplier> {
      const { name, phone_number, address } = body;
      const changes = { name, phone_number, address };
      const current = await repo.getActiveSupplierById(db, id);
      if (!current) throw new NotFoundError(SUPPLIER_MESSAGES.notFound);
      if (Object.values(changes).every((value) => value === undefined)) return current;
      return db.transaction().execute(async (trx) => {
        const before = await repo.getActiveSupplierById(trx, id);
        // Deactivated between the read and this write: still a 404.
        const supplier = before && (await repo.updateSupplier(trx, id, changes));
        if (!before || !supplier) throw new NotFoundError(SUPPLIER_MESSAGES.notFound);
        await recordAuditEvent(trx, audit, isoNow(), {
          action: 'supplier.updated',
          entityType: 'supplier',
          entityId: id,
          before: supplierSnapshot(before),
          after: supplierSnapshot(supplier),
          viewers: [],
          supplierId: id,
        });
        return supplier;
      });
    },

    /** Deactivates the account and ends its sessions; its rows stay for past supply orders. */
    async remove(id: number, audit: AuditContext): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const now = isoNow();
        const before = await repo.getActiveSupplierById(trx, id);
        if (!before || !(await repo.deactivateSupplier(trx, id, now))) {
          throw new NotFoundError(SUPPLIER_MESSAGES.notFound);
        }
        await deleteSessionsOfUser(trx, id);
        await recordAuditEvent(trx, audit, now, {
          action: 'supplier.deactivated',
          entityType: 'supplier',
          entityId: id,
          before: supplierSnapshot(before),
          viewers: [],
          supplierId: id,
        });
      });
    },
  };
}

export type SupplierService = ReturnType<typeof createSupplierService>;
