import {
  type CreateSupplierProductBody,
  SUPPLIER_PRODUCT_LIST,
  SUPPLIER_PRODUCT_MESSAGES,
  type SupplierProduct,
  type SupplierProductListQuery,
  type UpdateSupplierProductBody,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { type ListPage, listPage } from '../../lib/list';
import type { AuditContext } from '../audit/context';
import { recordAuditEvent } from '../audit/repository';
import type { Scope } from '../auth/authenticate';
import { refuseTakenSku, withSkuTaken } from '../imports/sku';
import * as repo from './repository';

export interface SupplierProductServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** What the audit trail keeps of a catalogue product (its SKU when it has one). */
function productSnapshot(product: SupplierProduct) {
  const { name, price, weight, quantity, sku } = product;
  return { name, price, weight, quantity, ...(sku === null ? {} : { sku }) };
}

export function createSupplierProductService(deps: SupplierProductServiceDeps) {
  const { db, clock } = deps;
  const isoNow = () => clock.now().toISOString();

  return {
    /**
     * A supplier's own catalogue; a manager's every active supplier's, or one supplier's
     * (docs/product/business-rules.md#supplier-products).
     */
    list(scope: Scope, query: SupplierProductListQuery): Promise<ListPage<SupplierProduct>> {
      // A manager reads the catalogues to order from: a discontinued product is not offered.
      const filter = {
        reach: scope.reach,
        supplierId: query.supplier_id,
        orderableOnly: scope.user.role !== 'Supplier',
        // A manager sees their own stock of each product beside it; a supplier sees none.
        stockOf: scope.user.role === 'Inventory Manager' ? scope.user.id : undefined,
      };
      return listPage(
        SUPPLIER_PRODUCT_LIST,
        query,
        (list) => repo.listProducts(db, filter, list),
        (q) => repo.countProducts(db, filter, q),
      );
    },

    /** Files the product under the caller, whatever supplier_id the client sent (the schema drops it). */
    async create(
      scope: Scope,
      body: CreateSupplierProductBody,
      audit: AuditContext,
    ): Promise<SupplierProduct> {
      const supplierId = scope.user.id;
      const now = isoNow();
      return withSkuTaken(
        db.transaction().execute(async (trx) => {
          await refuseTakenSku(body.sku, (sku) => repo.isSkuTaken(trx, supplierId, sku));
          const product = await repo.createProduct(trx, {
            ...body,
            supplier_id: supplierId,
            created_at: now,
          });
          await recordAuditEvent(trx, audit, now, {
            action: 'supplier_product.created',
            entityType: 'supplier_product',
            entityId: product.id,
            after: productSnapshot(product),
            viewers: [],
            supplierId,
          });
          return product;
        }),
      );
    },

    /** Another supplier's product answers 404, like a missing one: it never reveals that it exists. */
    async update(
      scope: Scope,
      id: number,
      changes: UpdateSupplierProductBody,
      audit: AuditContext,
    ): Promise<SupplierProduct> {
      if (Object.values(changes).every((value) => value === undefined)) {
        const product = await repo.getProduct(db, id, scope.reach);
        if (!product) throw new NotFoundError(SUPPLIER_PRODUCT_MESSAGES.notFound);
        return product;
      }
      const now = isoNow();
      return withSkuTaken(
        db.transaction().execute(async (trx) => {
          const before = await repo.getProduct(trx, id, scope.reach);
          if (!before) throw new NotFoundError(SUPPLIER_PRODUCT_MESSAGES.notFound);
          await refuseTakenSku(changes.sku, (sku) => repo.isSkuTaken(trx, before.supplier_id, sku, id));
          const product = await repo.updateProduct(trx, id, scope.reach, { ...changes, updated_at: now });
          if (!product) throw new NotFoundError(SUPPLIER_PRODUCT_MESSAGES.notFound);
          await recordAuditEvent(trx, audit, now, {
            action: 'supplier_product.updated',
            entityType: 'supplier_product',
            entityId: id,
            before: productSnapshot(before),
            after: productSnapshot(product),
            viewers: [],
            supplierId: product.supplier_id,
          });
          return product;
        }),
      );
    },

    /**
     * Discontinues (or resumes) one of the caller's products (docs/product/business-rules.md#supplier-products):
     * hidden from managers' new orders, kept on the orders that have it. Asking twice changes
     * nothing and records nothing the second time.
     */
    async setDiscontinued(scope: Scope, id: number, discontinued: boolean, audit: AuditContext) {
      const now = isoNow();
      return db.transaction().execute(async (trx) => {
        const before = await repo.getProduct(trx, id, scope.reach);
        if (!before) throw new NotFoundError(SUPPLIER_PRODUCT_MESSAGES.notFound);
        if (before.discontinued === discontinued) return before;
        const product = await repo.setDiscontinued(trx, id, scope.reach, discontinued ? now : null, now);
        if (!product) throw new NotFoundError(SUPPLIER_PRODUCT_MESSAGES.notFound);
        await recordAuditEvent(trx, audit, now, {
          action: discontinued ? 'supplier_product.discontinued' : 'supplier_product.resumed',
          entityType: 'supplier_product',
          entityId: id,
          before: { name: before.name, discontinued: before.discontinued },
          after: { name: product.name, discontinued: product.discontinued },
          viewers: [],
          supplierId: product.supplier_id,
        });
        return product;
      });
    },

    /**
     * Deletes one of the caller's products that no supply order has (409 otherwise). The row is
     * locked first, so an order taking units from it either commits before (and is then seen) or
     * waits and finds no product (docs/decisions/027-money-and-the-catalogue-lifecycle.md).
     */
    async remove(scope: Scope, id: number, audit: AuditContext): Promise<void> {
      const now = isoNow();
      await db.transaction().execute(async (trx) => {
        const before = await repo.getProduct(trx, id, scope.reach);
        const locked = before && (await repo.lockProduct(trx, id, scope.reach, now));
        if (!before || !locked) throw new NotFoundError(SUPPLIER_PRODUCT_MESSAGES.notFound);
        if (await repo.isOrdered(trx, id)) {
          throw new ConflictError(SUPPLIER_PRODUCT_MESSAGES.deleteOrdered, 'product_ordered');
        }
        await repo.deleteProduct(trx, id);
        await recordAuditEvent(trx, audit, now, {
          action: 'supplier_product.deleted',
          entityType: 'supplier_product',
          entityId: id,
          before: productSnapshot(before),
          viewers: [],
          supplierId: before.supplier_id,
        });
      });
    },
  };
}

export type SupplierProductService = ReturnType<typeof createSupplierProductService>;
