import { z } from 'zod';
import { defineList, listQuerySchema } from './lists';

/**
 * A Courier Service account as the order form's select lists it
 * (docs/product/data.md#courier-service).
 */
export const courierServiceSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'CourierService' });
export type CourierService = z.infer<typeof courierServiceSchema>;

export const courierServiceListResponseSchema = z.array(courierServiceSchema);

/** The active Courier Service accounts, for the order form's select. */
export const COURIER_LIST = defineList({
  sortFields: ['name', 'id'],
  defaultSort: { field: 'name', order: 'asc' },
  searches: 'the name',
});
export type CourierSortField = (typeof COURIER_LIST.sortFields)[number];
export const courierServiceListQuerySchema = listQuerySchema(COURIER_LIST);
export type CourierServiceListQuery = z.infer<typeof courierServiceListQuerySchema>;
