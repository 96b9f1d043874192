import type { OrderDetail, SupplyOrderDetail } from '@depot/contract';
import { useQueries } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { PrintDocument } from '@/lib/print-documents';

export const printKeys = {
  all: ['print'] as const,
  order: (document: PrintDocument, id: number) => [...printKeys.all, document, id] as const,
};

interface PrintDocumentData {
  'packing-slips': OrderDetail;
  'purchase-orders': SupplyOrderDetail;
}

const ORDER_PATHS: Record<PrintDocument, (id: number) => string> = {
  'packing-slips': (id) => `/api/orders/${id}`,
  'purchase-orders': (id) => `/api/replenishment-orders/${id}`,
};

/**
 * Each order of a print job as its document needs it: GET /api/orders/{id} (packing slips) or
 * GET /api/replenishment-orders/{id} (purchase orders), all at once. The server decides who reaches
 * which: another's order answers 404 and is left out of the job.
 */
export function usePrintOrders<Document extends PrintDocument>(document: Document, ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: printKeys.order(document, id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiClient.get<PrintDocumentData[Document]>(ORDER_PATHS[document](id), { signal }),
      staleTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
    })),
  });
}
