import {
  AUTH_MESSAGES,
  type CreateSupplierProductBody,
  LIST_LIMIT_MAX,
  type SessionUser,
  SUPPLIER_PRODUCT_MESSAGES,
  type SupplierProduct,
  type SupplierProductListQuery,
  type UpdateSupplierProductBody,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AuditContext } from '../audit/context';
import { recordAuditEvent } from '../audit/repository';
import * as repo from './repository';

export interface SupplierProductServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** A supplier sees their own catalogue; a manager every active supplier's, or one supplier's (DESIGN §7). */
function visibleTo(user: SessionUser, supplierId: number | undefined): repo.ProductScope {
  if (user.role === 'Supplier') return { supplierId: user.id };
  if (user.role === 'Inventory Manager') return supplierId === undefined ? {} : { supplierId };
  throw new ForbiddenError(AUTH_MESSAGES.wrongRole);
}

/** Only the supplier whose catalogue it is may add or change a product. */
function ownedBy(user: SessionUser): number {
  if (user.role !== 'Supplier') throw new ForbiddenError(AUTH_MESSAGES.wrongRole);
  return user.id;
}

/** What the audit trail keeps of a catalogue product. */
function productSnapshot(product: SupplierProduct) {
  const { name, price, weight, quantity } = product;
  return { name, price, weight, quantity };
}

export function createSupplierProductService(deps: SupplierProductServiceDeps) {
  const { db, clock } = deps;
  const isoNow = () => clock.now().toISOString();

  return {
    async list(
      user: SessionUser,
      query: SupplierProductListQuery,
    ): Promise<{ items: SupplierProduct[]; total: number }> {
      const scope = visibleTo(user, query.supplier_id);
      const [items, total] = await Promise.all([
        repo.listProducts(db, scope, { limit: query.limit ?? LIST_LIMIT_MAX, offset: query.offset ?? 0 }),
        repo.countProducts(db, scope),
      ]);
      return { items, total };
    },

    /** Files the product under the caller, whatever supplier_id the client sent (the schema drops it). */
    async create(
      user: SessionUser,
      body: CreateSupplierProductBody,
      audit: AuditContext,
    ): Promise<SupplierProduct> {
      const supplierId = ownedBy(user);
      const now = isoNow();
      return db.transaction().execute(async (trx) => {
        const product = await repo.createProduct(trx, { ...body, supplier_id: supplierId, created_at: now });
        await recordAuditEvent(trx, audit, now, {
          action: 'supplier_product.created',
          entityType: 'supplier_product',
          entityId: product.id,
          after: productSnapshot(product),
          viewers: [],
          supplierId,
        });
        return product;
      });
    },

    /** Another supplier's product answers 404, like a missing one: it never reveals that it exists. */
    async update(
      user: SessionUser,
      id: number,
      changes: UpdateSupplierProductBody,
      audit: AuditContext,
    ): Promise<SupplierProduct> {
      const supplierId = ownedBy(user);
      if (Object.values(changes).every((value) => value === undefined)) {
        const product = await repo.getProduct(db, id, { supplierId });
        if (!product) throw new NotFoundError(SUPPLIER_PRODUCT_MESSAGES.notFound);
        return product;
      }
      const now = isoNow();
      return db.transaction().execute(async (trx) => {
        const before = await repo.getProduct(trx, id, { supplierId });
        const product =
          before && (await repo.updateProduct(trx, id, supplierId, { ...changes, updated_at: now }));
        if (!before || !product) throw new NotFoundError(SUPPLIER_PRODUCT_MESSAGES.notFound);
        await recordAuditEvent(trx, audit, now, {
          action: 'supplier_product.updated',
          entityType: 'supplier_product',
          entityId: id,
          before: productSnapshot(before),
          after: productSnapshot(product),
          viewers: [],
          supplierId,
        });
        return product;
      });
    },
  };
}

export type SupplierProductService = ReturnType<typeof createSupplierProductService>;
