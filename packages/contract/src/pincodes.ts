import { z } from 'zod';
import { text } from './common';

/** One post office, in the field names of the public India Post lookup. */
export const postOfficeSchema = z
  .object({
    Name: z.string(),
    Circle: z.string().optional(),
    District: z.string(),
    Division: z.string().optional(),
    Region: z.string().optional(),
    Block: z.string().optional(),
    State: z.string(),
    Country: z.string().optional(),
    Pincode: z.string(),
  })
  .meta({ id: 'PostOffice' });
export type PostOffice = z.infer<typeof postOfficeSchema>;

/**
 * GET /api/pincodes/{pin} answers in the public lookup's shape
 * (docs/product/business-rules.md#pin-codes): one entry whose Status is 'Success' with the post
 * offices of the code, or 'Error' with PostOffice null.
 */
export const pincodeLookupSchema = z
  .array(
    z.object({
      Status: z.enum(['Success', 'Error']),
      Message: z.string(),
      PostOffice: z.array(postOfficeSchema).nullable(),
    }),
  )
  .meta({ id: 'PincodeLookup' });
export type PincodeLookup = z.infer<typeof pincodeLookupSchema>;

export const pincodeParamsSchema = z.object({
  pin: text('PIN code', { trim: false }).max(32, 'A PIN code has 6 digits'),
});

export const PINCODE_MESSAGES = {
  found: (count: number) => `Number of pincode(s) found:${count}`,
  notFound: 'No records found',
} as const;
