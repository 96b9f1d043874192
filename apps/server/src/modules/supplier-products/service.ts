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
import { NotFoundError } from '../../lib/errors';
import { type ListPage, listPage } from '../../lib/list';
import type { AuditContext } from '../audit/context';
import { recordAuditEvent } from '../audit/repository';
import type { Scope } from '../auth/authenticate';
import * as repo from './repository';

export interface SupplierProductServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
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
    /**
     * A supplier's own catalogue; a manager's every active supplier's, or one supplier's
     * (docs/product/business-rules.md#supplier-products).
     */
    list(scope: Scope, query: SupplierProductListQuery): Promise<ListPage<SupplierProduct>> {
      const filter = { reach: scope.reach, supplierId: query.supplier_id };
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
      return db.transaction().execute(async (trx) => {
        const before = await repo.getProduct(trx, id, scope.reach);
        const product =
          before && (await repo.updateProduct(trx, id, scope.reach, { ...changes, updated_at: now }));
        if (!before || !product) throw new NotFoundError(SUPPLIER_PRODUCT_MESSAGES.notFound);
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
      });
    },
  };
}

export type SupplierProductService = ReturnType<typeof createSupplierProductService>;
