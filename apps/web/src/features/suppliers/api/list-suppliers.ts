import type { Supplier } from '@depot/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { supplierKeys } from '@/lib/query-keys';

export function listSuppliers(signal?: AbortSignal): Promise<Supplier[]> {
  return apiClient.get<Supplier[]>('/api/suppliers', { signal });
}

export const suppliersQueryOptions = () =>
  queryOptions({ queryKey: supplierKeys.lists(), queryFn: ({ signal }) => listSuppliers(signal) });

export function useSuppliers() {
  return useQuery(suppliersQueryOptions());
}
