import type { CourierOrderStatus, DeliveryProof, FailedAttemptBody } from '@depot/contract';
import { createStore, del, set, values } from 'idb-keyval';

/**
 * The courier's changes made without signal, kept on the device in IndexedDB until they are sent
 * (docs/product/business-rules.md#changes-made-offline). Each carries the time the device made it
 * and the Idempotency-Key it is sent with, every time, so sending it again changes nothing.
 */
interface QueuedBase {
  /** The Idempotency-Key, also the entry's key in the store. */
  key: string;
  /** The courier who made it: another user signed in on this device neither sees nor sends it. */
  userId: number;
  orderId: number;
  /** When the device made the change (ISO 8601, UTC). */
  deviceTime: string;
}

/** A status change, or a failed delivery attempt (docs/decisions/031-failed-attempts-and-returns.md). */
export type QueuedChange = QueuedBase &
  (
    | {
        status: CourierOrderStatus;
        /** A Delivered's proof of delivery, sent with it (docs/decisions/032-proof-of-delivery.md). */
        proof?: DeliveryProof;
        attempt?: undefined;
      }
    | { attempt: FailedAttemptBody; status?: undefined; proof?: undefined }
  );

/** What a queued change does, as the board names it: its new status, or "Failed attempt". */
export const FAILED_ATTEMPT_LABEL = 'Failed attempt';
export const changeLabel = (change: QueuedChange): string =>
  change.attempt === undefined ? change.status : FAILED_ATTEMPT_LABEL;

const DATABASE = 'depot-offline';
const STORE = 'courier-changes';

/** IndexedDB where the browser has it (a test's jsdom has not: nothing is kept there). */
const hasIndexedDb = () => typeof indexedDB !== 'undefined';
let store: ReturnType<typeof createStore> | undefined;
const storeOf = () => {
  store ??= createStore(DATABASE, STORE);
  return store;
};

const listeners = new Set<() => void>();
function changed(): void {
  for (const listener of listeners) listener();
}

/** Called after the queue changes (a change kept, sent, or refused). */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function enqueueChange(change: QueuedChange): Promise<void> {
  if (!hasIndexedDb()) throw new Error('This browser cannot keep changes offline');
  await set(change.key, change, storeOf());
  changed();
}

/** The user's changes still to send, oldest first. */
export async function queuedChangesOf(userId: number): Promise<QueuedChange[]> {
  if (!hasIndexedDb()) return [];
  const all = await values<QueuedChange>(storeOf());
  return all
    .filter((change) => change.userId === userId)
    .sort((a, b) => (a.deviceTime < b.deviceTime ? -1 : a.deviceTime > b.deviceTime ? 1 : 0));
}

export async function removeChange(key: string): Promise<void> {
  if (!hasIndexedDb()) return;
  await del(key, storeOf());
  changed();
}
