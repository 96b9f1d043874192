import type { Supplier } from '@depot/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export type Executor = Kysely<Database> | Transaction<Database>;

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

function activeSuppliers(db: Executor) {
  return db
    .selectFrom('users')
    .where('users.role', '=', 'Supplier')
    .where('users.deactivated_at', 'is', null);
}

/** Active Supplier accounts, newest first. */
export function listActiveSuppliers(
  db: Executor,
  page: { limit: number; offset: number },
): Promise<Supplier[]> {
  return activeSuppliers(db)
    .select(supplierColumns)
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countActiveSuppliers(db: Executor): Promise<number> {
  const row = await activeSuppliers(db)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
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
    .values({ ...supplier, role: 'Supplier' })
    .returning(supplierColumns)
    .executeTakeFirstOrThrow();
}

/** Changes an active Supplier account (undefined fields stay as they are); undefined when there is none. */
export function updateSupplier(
  db: Executor,
  id: number,
  changes: Partial<SupplierValues>,
): Promise<Supplier | undefined> {
  return db
    .updateTable('users')
    .set(changes)
    .where('users.id', '=', id)
    .where('users.role', '=', 'Supplier')
    .where('users.deactivated_at', 'is', null)
    .returning(supplierColumns)
    .executeTakeFirst();
}

export function getActiveSupplierById(db: Executor, id: number): Promise<Supplier | undefined> {
  return activeSuppliers(db).select(supplierColumns).where('users.id', '=', id).executeTakeFirst();
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
