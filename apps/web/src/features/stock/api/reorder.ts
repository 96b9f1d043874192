import type {
  CreateDraftsBody,
  PlaceDraftBody,
  ReorderRule,
  ReorderRuleInput,
  ReorderSuggestions,
  SupplierProduct,
  SupplyOrder,
  SupplyOrderDraft,
  UpdateDraftBody,
} from '@depot/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { stockKeys } from './stock-keys';

/** Keys of the reorder screen: suggestions and drafts change together, so they share a root. */
export const reorderKeys = {
  all: ['reorder'] as const,
  suggestions: () => [...reorderKeys.all, 'suggestions'] as const,
  drafts: () => [...reorderKeys.all, 'drafts'] as const,
  rule: (stockId: number) => [...stockKeys.detail(stockId), 'reorder-rule'] as const,
};

export function useReorderSuggestions() {
  return useQuery({
    queryKey: reorderKeys.suggestions(),
    queryFn: ({ signal }) => apiClient.get<ReorderSuggestions>('/api/reorder-suggestions', { signal }),
  });
}

export function useDrafts() {
  return useQuery({
    queryKey: reorderKeys.drafts(),
    queryFn: ({ signal }) =>
      apiClient
        .get<{ drafts: SupplyOrderDraft[] }>('/api/supply-order-drafts', { signal })
        .then((r) => r.drafts),
  });
}

/** Every reorder mutation refreshes suggestions and drafts; failures show on the page, not as toasts. */
function useReorderMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reorderKeys.all }),
    meta: { handlesErrors: true },
  });
}

export function useCreateDrafts() {
  return useReorderMutation((body: CreateDraftsBody) =>
    apiClient.post<{ message: string; drafts: SupplyOrderDraft[] }>('/api/reorder-suggestions/drafts', body),
  );
}

export function useUpdateDraft() {
  return useReorderMutation(({ id, body }: { id: number; body: UpdateDraftBody }) =>
    apiClient.put<{ message: string; draft: SupplyOrderDraft }>(`/api/supply-order-drafts/${id}`, body),
  );
}

export function useDeleteDraft() {
  return useReorderMutation((id: number) =>
    apiClient.delete<{ message: string }>(`/api/supply-order-drafts/${id}`),
  );
}

/** Places a draft; the key makes a retry after a lost answer a replay, not a second order. */
export function usePlaceDraft() {
  return useReorderMutation(
    ({ id, body, idempotencyKey }: { id: number; body: PlaceDraftBody; idempotencyKey: string }) =>
      apiClient.post<{ message: string; order: SupplyOrder }>(`/api/supply-order-drafts/${id}/place`, body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
  );
}

export function useSetAutomatic() {
  return useReorderMutation((automatic: boolean) =>
    apiClient.put<{ message: string; automatic: boolean }>('/api/reorder-settings', { automatic }),
  );
}

export function useReorderRule(stockId: number | null) {
  return useQuery({
    queryKey: reorderKeys.rule(stockId ?? 0),
    queryFn: ({ signal }) =>
      apiClient
        .get<{ rule: ReorderRule }>(`/api/stocks/${stockId}/reorder-rule`, { signal })
        .then((r) => r.rule),
    enabled: stockId !== null,
  });
}

export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stockId, body }: { stockId: number; body: ReorderRuleInput | null }) =>
      body === null
        ? apiClient.delete<{ message: string; rule: ReorderRule }>(`/api/stocks/${stockId}/reorder-rule`)
        : apiClient.put<{ message: string; rule: ReorderRule }>(`/api/stocks/${stockId}/reorder-rule`, body),
    onSettled: (_answer, _error, { stockId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reorderKeys.all }),
        queryClient.invalidateQueries({ queryKey: reorderKeys.rule(stockId) }),
      ]),
    meta: { handlesErrors: true },
  });
}

/** Supplier products whose name holds the text, to link one to an item. */
export function useProductSearch(search: string) {
  return useQuery({
    queryKey: ['reorder', 'product-search', search],
    queryFn: ({ signal }) =>
      apiClient.get<SupplierProduct[]>(
        `/api/stock-replenishment/products?limit=20&q=${encodeURIComponent(search)}`,
        { signal },
      ),
    staleTime: 30_000,
  });
}
