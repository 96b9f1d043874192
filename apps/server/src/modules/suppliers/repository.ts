import type { Supplier, SupplierSortField } from '@depot/contract';
import { countRows, type ListColumns, orderedPage, whereSearched } from '../../db/list-query';
import type { Executor } from '../../db/schema';
import type { ListRequest } from '../../lib/list';

/** What Suppliers Management may see of an account: never the password hash. */
const supplierColumns = [
  'users.id',
  'users.name',
  'users.email',
  'users.phone_number',
  'users.address',
] as const;

export interface SupplierValues {
  name: string;
  email: string;
  phone_number: string;
  address: string;
}

const LIST_COLUMNS: ListColumns<SupplierSortField> = {
  sort: {
    id: { column: 'users.id' },
    name: { column: 'users.name', text: true },
    email: { column: 'users.email', text: true },
    phone_number: { column: 'users.phone_number', text: true, nullable: true },
    address: { column: 'users.address', text: true, nullable: true },
  },
  search: ['users.name', 'users.email', 'users.phone_number', 'users.address'],
  id: 'users.id',
};

function activeSuppliers(db: Executor, q?: string) {
  const query = db
    .selectFrom('users')
    .where('users.role', '=', 'Supplier')
    .where('users.deactivated_at', 'is', null);
  return whereSearched(db, query, LIST_COLUMNS, q);
}

/** One page of the active Supplier accounts. */
export function listActiveSuppliers(db: Executor, list: ListRequest<SupplierSortField>): Promise<Supplier[]> {
  return orderedPage(
    db,
    db.selectFrom('users').select(supplierColumns),
    activeSuppliers(db, list.q),
    LIST_COLUMNS,
    list.sort,
    list.page,
  ).execute();
}

export function countActiveSuppliers(db: Executor, q: string | undefined): Promise<number> {
  return countRows(activeSuppliers(db, q));
}

/** Whether any account, active or not, already uses the email (emails are stored lower-cased). */
export async function isEmailTaken(db: Executor, email: string, exceptUserId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('users.id').where('users.email', '=', email);
  if (exceptUserId !== undefined) query = query.where('users.id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function createSupplier(
  db: Executor,
  supplier: SupplierValues & { password_hash: string; created_at: string },
): Promise<Supplier> {
  return db
    .insertInto('users')
    .values({ ...supplier, role: 'Supplier', must_change_password: 1 })
    .returning(supplierColumns)
    .executeTakeFirstOrThrow();
}

/**
 * Changes an active Supplier account (undefined fields stay as they are); undefined when there is
 * none. A new name is written into the supplier's supply orders too, which keep it for their
 * list's sort (docs/product/data.md#supply-orders); run it in a transaction.
 */
export async function updateSupplier(
  db: Executor,
  id: number,
  changes: Partial<Omit<SupplierValues, 'email'>>,
): Promise<Supplier | undefined> {
  const supplier = await db
    .updateTable('users')
    .set(changes)
    .where('users.id', '=', id)
    .where('users.role', '=', 'Supplier')
    .where('users.deactivated_at', 'is', null)
    .returning(supplierColumns)
    .executeTakeFirst();
  if (supplier && changes.name !== undefined) {
    await db
      .updateTable('supply_orders')
      .set({ supplier_name: supplier.name })
      .where('supplier_id', '=', id)
      .where('supplier_name', '<>', supplier.name)
      .execute();
  }
  return supplier;
}

/**
 * An active Supplier account. `lock` (PostgreSQL) holds the row against a rename or deactivation
 * until the transaction ends: a supply order placed meanwhile copies the name it will keep.
 */
export function getActiveSupplierById(
  db: Executor,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<Supplier | undefined> {
  return activeSuppliers(db)
    .select(supplierColumns)
    .where('users.id', '=', id)
    .$if(lock, (query) => query.forShare())
    .executeTakeFirst();
}

/** Deactivates an active Supplier account; false when there is none with that id. */
export async function deactivateSupplier(db: Executor, id: number, deactivatedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deactivated_at: deactivatedAt })
    .where('users.id', '=', id)
    .where('users.role', '=', 'Supplier')
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
