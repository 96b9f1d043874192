import {
  ADDRESS_MESSAGES,
  type AddressBody,
  CUSTOMER_ADDRESSES_MAX,
  type CustomerAddress,
  ORDER_MESSAGES,
} from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/errors';
import type { Scope } from '../auth/authenticate';
import type { PincodeService } from '../pincodes/service';
import * as repo from './repository';

export interface AddressServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  pincodes: PincodeService;
}

/**
 * A customer's remembered delivery addresses (docs/product/business-rules.md#remembered-addresses):
 * their own rows only (another's id is a 404), at most 20, each one an order would accept.
 */
export function createAddressService({ db, clock, pincodes }: AddressServiceDeps) {
  /** The PIN code must exist, as placing an order asks; checked before any transaction. */
  async function checkPinCode(body: AddressBody) {
    if (!(await pincodes.isValid(body.pin_code))) {
      throw new InvalidError(ORDER_MESSAGES.invalidPinCode, [
        { path: 'body.pin_code', message: ORDER_MESSAGES.invalidPinCode },
      ]);
    }
  }

  return {
    list: (scope: Scope): Promise<CustomerAddress[]> => repo.listAddresses(db, scope.reach),

    async create(scope: Scope, body: AddressBody): Promise<CustomerAddress> {
      await checkPinCode(body);
      const customerId = scope.user.id;
      return db.transaction().execute(async (trx) => {
        await repo.lockCustomer(trx, customerId);
        if ((await repo.countAddresses(trx, customerId)) >= CUSTOMER_ADDRESSES_MAX) {
          throw new ConflictError(ADDRESS_MESSAGES.tooMany, 'too_many_addresses');
        }
        return repo.insertAddress(trx, customerId, body, clock.now().toISOString());
      });
    },

    async update(scope: Scope, id: number, body: AddressBody): Promise<CustomerAddress> {
      await checkPinCode(body);
      const address = await repo.updateAddress(db, scope.reach, id, body);
      if (!address) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
      return address;
    },

    async remove(scope: Scope, id: number): Promise<void> {
      if (!(await repo.deleteAddress(db, scope.reach, id)))
        throw new NotFoundError(ADDRESS_MESSAGES.notFound);
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
