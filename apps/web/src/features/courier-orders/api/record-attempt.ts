import { type FailedAttemptBody, IDEMPOTENCY_KEY_HEADER, type OrderDetail } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { courierOrderKeys } from './list-courier-orders';
import { replaceCourierOrder } from './update-order-status';

/**
 * POST /api/orders/{id}/attempts: a failed delivery attempt, with an Idempotency-Key so a retry of
 * a request whose answer was lost records it once (docs/decisions/031-failed-attempts-and-returns.md).
 */
export function useRecordAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FailedAttemptBody }) =>
      apiClient.post<{ message: string; order: OrderDetail }>(`/api/orders/${id}/attempts`, body, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
      }),
    // The board's row shows the last reason and the next date at once.
    onSuccess: ({ order }) => {
      replaceCourierOrder(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: courierOrderKeys.counts() });
    },
    // The dialog shows the failure itself.
    meta: { handlesErrors: true },
  });
}
