import {
  type CourierOrderStatus,
  type DeliveryProof,
  IDEMPOTENCY_KEY_HEADER,
  type Order,
  type OrderResponse,
} from '@depot/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { updateCachedListRows } from '@/lib/list-cache';
import { useSessionUser } from '@/lib/session-user';
import { OFFLINE_MESSAGES } from '../offline/offline-messages';
import { enqueueChange } from '../offline/queue';
import { courierOrderKeys } from './list-courier-orders';

export interface UpdateOrderStatusVariables {
  id: number;
  status: CourierOrderStatus;
  /** With Delivered: the recipient and the delivery code or the photo (docs/decisions/032-proof-of-delivery.md). */
  proof?: DeliveryProof | undefined;
}

export function updateOrderStatus(
  { id, status, proof }: UpdateOrderStatusVariables,
  idempotencyKey = newIdempotencyKey(),
): Promise<OrderResponse> {
  return apiClient.put<OrderResponse>(
    `/api/orders/${id}`,
    proof === undefined ? { status } : { status, proof },
    { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
  );
}

/** The answer of a change: the server's, or, without signal, the queue's (no order yet). */
export interface StatusChangeResult {
  message: string;
  order?: Order;
}

/**
 * Sends the change, or keeps it on the device when there is no connection (the browser says so, or
 * the request could not reach Depot): it is sent later with the device's time and the same
 * Idempotency-Key (docs/decisions/029-offline-courier-changes.md).
 */
async function sendOrQueue(
  queryClient: QueryClient,
  userId: number,
  variables: UpdateOrderStatusVariables,
): Promise<StatusChangeResult> {
  const key = newIdempotencyKey();
  if (navigator.onLine) {
    try {
      return await updateOrderStatus(variables, key);
    } catch (error) {
      if (!isApiError(error, 0)) throw error;
    }
  }
  await enqueueChange({
    key,
    userId,
    orderId: variables.id,
    status: variables.status,
    deviceTime: new Date().toISOString(),
    // The proof goes with the change, its photo too (base64, about 270 kB at most).
    ...(variables.proof === undefined ? {} : { proof: variables.proof }),
  });
  // The board shows the new status at once; the server's answer replaces the row once sent.
  updateCachedListRows<Order>(queryClient, courierOrderKeys.lists(), (rows) =>
    rows.map((row) => (row.id === variables.id ? { ...row, status: variables.status } : row)),
  );
  return { message: OFFLINE_MESSAGES.queued };
}

/** Replaces one order wherever a loaded page of the board shows it, keeping its place. */
export function replaceCourierOrder(queryClient: QueryClient, order: Order): void {
  updateCachedListRows<Order>(queryClient, courierOrderKeys.lists(), (rows) =>
    rows.map((row) => (row.id === order.id ? order : row)),
  );
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  const userId = useSessionUser().id;
  return useMutation({
    mutationFn: (variables: UpdateOrderStatusVariables) => sendOrQueue(queryClient, userId, variables),
    // Runs without a connection too: the change is then kept on the device.
    networkMode: 'always',
    // docs/product/api.md: the row's status is updated in place.
    onSuccess: ({ order }) => {
      if (order) replaceCourierOrder(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: courierOrderKeys.counts() });
    },
    // The dialog shows the failure itself.
    meta: { handlesErrors: true },
  });
}
