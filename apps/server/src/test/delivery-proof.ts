import type { Executor } from '../db/schema';
import { PROOF_PHOTO_BASE64 } from './proof-photo';

/**
 * A proof of delivery by code, as the customer would read the code out at the door
 * (docs/decisions/032-proof-of-delivery.md): tests and benches that set Delivered give one.
 */
export async function codeProofOf(db: Executor, orderId: number, recipient = 'Asha Rao') {
  const row = await db
    .selectFrom('orders')
    .select('delivery_code')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (row.delivery_code === null) throw new Error(`order ${orderId} has no delivery code`);
  return { recipient_name: recipient, code: row.delivery_code };
}

/** A proof of delivery by photo: the small fixture JPEG. */
export const photoProof = (recipient = 'Asha Rao') => ({ recipient_name: recipient, photo: PROOF_PHOTO_BASE64 });
