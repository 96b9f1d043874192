import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, type OrderResponse } from '@depot/contract';
import { ApiError, apiClient, isTryAgainLater } from '@/lib/api-client';
import { changeLabel, type QueuedChange, queuedChangesOf, removeChange } from './queue';

/** What became of one change sent from the queue, shown on the board until the page is left. */
export interface SyncOutcome {
  key: string;
  orderId: number;
  /** What the change did: its new status, or "Failed attempt". */
  label: string;
  deviceTime: string;
  result: 'synced' | 'refused';
  /** Why the server refused it (its own sentence: the order was cancelled meanwhile, …). */
  reason?: string;
}

/**
 * Sends one change as it was made: its status and proof, or its failed attempt, with its device
 * time and its Idempotency-Key.
 */
export function sendChange(change: QueuedChange): Promise<OrderResponse> {
  if (change.attempt !== undefined) {
    return apiClient.post<OrderResponse>(
      `/api/orders/${change.orderId}/attempts`,
      { ...change.attempt, device_time: change.deviceTime },
      { headers: { [IDEMPOTENCY_KEY_HEADER]: change.key } },
    );
  }
  return apiClient.put<OrderResponse>(
    `/api/orders/${change.orderId}`,
    {
      status: change.status,
      device_time: change.deviceTime,
      ...(change.proof === undefined ? {} : { proof: change.proof }),
    },
    { headers: { [IDEMPOTENCY_KEY_HEADER]: change.key } },
  );
}

/**
 * A failure that leaves the change in the queue to send later: no connection, a server asking to
 * try again, an ended session (the courier signs in again and it goes then), or the same key still
 * running from an earlier send.
 */
function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.status === 0 ||
    error.status === 401 ||
    isTryAgainLater(error) ||
    (error.status === 409 && error.message === IDEMPOTENCY_MESSAGES.inProgress)
  );
}

let running: Promise<SyncOutcome[]> | undefined;

/**
 * Sends the user's queued changes, oldest first, one at a time. A change the server took, or
 * refused for good (the order was cancelled, is no longer the courier's, …), leaves the queue with
 * its outcome; a failure worth retrying stops the round and keeps the rest for the next one (the
 * connection's return, the next start). One round at a time: a second call joins the first.
 */
export function syncQueue(
  userId: number,
  onSent: (change: QueuedChange, response: OrderResponse) => void = () => {},
): Promise<SyncOutcome[]> {
  running ??= (async () => {
    const outcomes: SyncOutcome[] = [];
    try {
      for (const change of await queuedChangesOf(userId)) {
        const { key, orderId, deviceTime } = change;
        const label = changeLabel(change);
        try {
          const response = await sendChange(change);
          await removeChange(key);
          onSent(change, response);
          outcomes.push({ key, orderId, label, deviceTime, result: 'synced' });
        } catch (error) {
          if (isWorthRetrying(error)) break;
          await removeChange(key);
          const reason = error instanceof Error ? error.message : String(error);
          outcomes.push({ key, orderId, label, deviceTime, result: 'refused', reason });
        }
      }
    } finally {
      running = undefined;
    }
    return outcomes;
  })();
  return running;
}
