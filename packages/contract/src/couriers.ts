import { z } from 'zod';

/** A Courier Service account as the order form's select lists it (SPEC §3). */
export const courierServiceSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'CourierService' });
export type CourierService = z.infer<typeof courierServiceSchema>;

export const courierServiceListResponseSchema = z.array(courierServiceSchema);
