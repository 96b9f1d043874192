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
  // An order closed before codes existed has none: any code then finds the order final anyway.
  return { recipient_name: recipient, code: row.delivery_code ?? '0000' };
}

/** The body of a courier's status change: Delivered carries its code proof. */
export async function statusBodyFor(db: Executor, orderId: number, status: string) {
  return status === 'Delivered' ? { status, proof: await codeProofOf(db, orderId) } : { status };
}

/** A proof of delivery by photo: the small fixture JPEG. */
export const photoProof = (recipient = 'Asha Rao') => ({
  recipient_name: recipient,
  photo: PROOF_PHOTO_BASE64,
});
