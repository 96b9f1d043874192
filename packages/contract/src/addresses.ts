import { z } from 'zod';
import { LOCATION_TYPES } from './order-statuses';
import { orderDraftSchema } from './orders';

/**
 * A customer's remembered delivery addresses (docs/product/data.md#customer-address): the four
 * delivery fields of the order form, validated by the order draft's own field schemas and
 * messages (docs/product/validation-and-messages.md#order-form), so a saved address is always one
 * an order accepts.
 */
export const CUSTOMER_ADDRESSES_MAX = 20;

export const ADDRESS_MESSAGES = {
  created: 'Address saved',
  updated: 'Address updated',
  deleted: 'Address deleted',
  notFound: 'Address not found',
  tooMany: `You can keep at most ${CUSTOMER_ADDRESSES_MAX} addresses. Delete one to save another.`,
} as const;

/** POST /api/addresses and PUT /api/addresses/:id: the order form's delivery fields, all required. */
export const addressBodySchema = orderDraftSchema.pick({
  shipping_address: true,
  pin_code: true,
  location_type: true,
  phone_number: true,
});
export type AddressBody = z.infer<typeof addressBodySchema>;
export type AddressBodyInput = z.input<typeof addressBodySchema>;

export const customerAddressSchema = z
  .object({
    id: z.number().int(),
    shipping_address: z.string(),
    pin_code: z.string(),
    location_type: z.enum(LOCATION_TYPES),
    phone_number: z.string(),
    created_at: z.string(),
    /** When an order last went to this address (or it was saved), the latest first in the list. */
    last_used_at: z.string(),
  })
  .meta({ id: 'CustomerAddress' });
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

/** GET /api/addresses: all of the caller's addresses (at most 20), the last used first. */
export const customerAddressListSchema = z.array(customerAddressSchema);

export const customerAddressAnswerSchema = z.object({ message: z.string(), address: customerAddressSchema });
