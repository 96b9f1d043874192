import type { AddressBody, CustomerAddress } from '@depot/contract';
import { sql } from 'kysely';
import { type Reach, reached } from '../../db/reach';
import { type Executor, isPostgres } from '../../db/schema';

const COLUMNS = [
  'id',
  'shipping_address',
  'pin_code',
  'location_type',
  'phone_number',
  'created_at',
  'last_used_at',
] as const;

/** The caller's addresses, the last used first (at most 20, so no paging). */
export function listAddresses(db: Executor, reach: Reach): Promise<CustomerAddress[]> {
  return db
    .selectFrom('customer_addresses')
    .select(COLUMNS)
    .where(reached('customer_addresses', reach))
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Takes the customer's turn at their addresses until the transaction ends: PostgreSQL locks their
 * user row, so concurrent creates count one after another; SQLite runs one write transaction at a
 * time already.
 */
export async function lockCustomer(trx: Executor, customerId: number): Promise<void> {
  if (isPostgres(trx)) await sql`select id from users where id = ${customerId} for update`.execute(trx);
}

export async function countAddresses(trx: Executor, customerId: number): Promise<number> {
  const row = await trx
    .selectFrom('customer_addresses')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertAddress(
  trx: Executor,
  customerId: number,
  body: AddressBody,
  now: string,
): Promise<CustomerAddress> {
  return trx
    .insertInto('customer_addresses')
    .values({ customer_id: customerId, ...body, created_at: now, last_used_at: now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The updated address, or undefined when the caller reaches none with this id. */
export function updateAddress(
  db: Executor,
  reach: Reach,
  id: number,
  body: AddressBody,
): Promise<CustomerAddress | undefined> {
  return db
    .updateTable('customer_addresses')
    .set(body)
    .where('id', '=', id)
    .where(reached('customer_addresses', reach))
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Whether an address the caller reaches was deleted. */
export async function deleteAddress(db: Executor, reach: Reach, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('customer_addresses')
    .where('id', '=', id)
    .where(reached('customer_addresses', reach))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Marks the customers' saved addresses equal to their orders' as used now, in the placing
 * transaction (docs/product/business-rules.md#remembered-addresses): one statement for the orders
 * placed together.
 */
export async function markUsed(
  trx: Executor,
  uses: readonly { customerId: number; address: AddressBody }[],
  now: string,
): Promise<void> {
  if (uses.length === 0) return;
  await trx
    .updateTable('customer_addresses')
    .set({ last_used_at: now })
    .where((eb) =>
      eb.or(
        uses.map(({ customerId, address }) =>
          eb.and([
            eb('customer_id', '=', customerId),
            eb('shipping_address', '=', address.shipping_address),
            eb('pin_code', '=', address.pin_code),
            eb('location_type', '=', address.location_type),
            eb('phone_number', '=', address.phone_number),
          ]),
        ),
      ),
    )
    .execute();
}
