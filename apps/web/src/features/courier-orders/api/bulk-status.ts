import { type BulkStatusBody, type BulkStatusResponse, IDEMPOTENCY_KEY_HEADER } from '@depot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { courierOrderKeys } from './list-courier-orders';
import { replaceCourierOrder } from './update-order-status';

/** POST /api/orders/status: one status for the selected orders, each reported (docs/product/api.md#bulk-status). */
export function setBulkStatus(body: BulkStatusBody): Promise<BulkStatusResponse> {
  return apiClient.post<BulkStatusResponse>('/api/orders/status', body, {
    // A retry after a lost answer replays it instead of changing anything twice.
    headers: { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
  });
}

export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBulkStatus,
    onSuccess: ({ results }) => {
      for (const result of results) if (result.order) replaceCourierOrder(queryClient, result.order);
      void queryClient.invalidateQueries({ queryKey: courierOrderKeys.counts() });
    },
    meta: { handlesErrors: true },
  });
}
