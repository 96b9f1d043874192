import {
  type FailedAttemptBody,
  IDEMPOTENCY_KEY_HEADER,
  type Order,
  type OrderDetail,
} from '@depot/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { updateCachedListRows } from '@/lib/list-cache';
import { useSessionUser } from '@/lib/session-user';
import { OFFLINE_MESSAGES } from '../offline/offline-messages';
import { enqueueChange } from '../offline/queue';
import { courierOrderKeys } from './list-courier-orders';
import { replaceCourierOrder } from './update-order-status';

/** The answer of an attempt: the server's, or, without signal, the queue's (no order yet). */
interface AttemptResult {
  message: string;
  order?: OrderDetail;
}

/**
 * POST /api/orders/{id}/attempts, with an Idempotency-Key so a retry of a request whose answer was
 * lost records it once (docs/decisions/031-failed-attempts-and-returns.md); without a connection
 * it is kept on the device and sent later with the device's time and the same key, as a status
 * change is (docs/decisions/029-offline-courier-changes.md).
 */
async function sendOrQueue(
  queryClient: QueryClient,
  userId: number,
  { id, body }: { id: number; body: FailedAttemptBody },
): Promise<AttemptResult> {
  const key = newIdempotencyKey();
  if (navigator.onLine) {
    try {
      return await apiClient.post<{ message: string; order: OrderDetail }>(
        `/api/orders/${id}/attempts`,
        body,
        {
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
        },
      );
    } catch (error) {
      if (!isApiError(error, 0)) throw error;
    }
  }
  await enqueueChange({ key, userId, orderId: id, deviceTime: new Date().toISOString(), attempt: body });
  // The board shows the reason and the next date at once; the server's answer replaces the row once sent.
  updateCachedListRows<Order>(queryClient, courierOrderKeys.lists(), (rows) =>
    rows.map((row) =>
      row.id === id
        ? { ...row, last_attempt_reason: body.reason, next_attempt_date: body.next_attempt_date }
        : row,
    ),
  );
  return { message: OFFLINE_MESSAGES.queued };
}

export function useRecordAttempt() {
  const queryClient = useQueryClient();
  const userId = useSessionUser().id;
  return useMutation({
    mutationFn: (variables: { id: number; body: FailedAttemptBody }) =>
      sendOrQueue(queryClient, userId, variables),
    // Runs without a connection too: the attempt is then kept on the device.
    networkMode: 'always',
    // The board's row shows the last reason and the next date at once.
    onSuccess: ({ order }) => {
      if (order) replaceCourierOrder(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: courierOrderKeys.counts() });
    },
    // The dialog shows the failure itself.
    meta: { handlesErrors: true },
  });
}
