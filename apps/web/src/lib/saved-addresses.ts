import type { AddressBodyInput, CustomerAddress, MessageResponse } from '@depot/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * A customer's remembered delivery addresses (docs/product/api.md#addresses), shared by the order
 * form's picker and the Account page's list.
 */
export const savedAddressKeys = { all: ['saved-addresses'] as const };

export function useSavedAddresses(enabled = true) {
  return useQuery({
    queryKey: savedAddressKeys.all,
    queryFn: ({ signal }) => apiClient.get<CustomerAddress[]>('/api/addresses', { signal }),
    enabled,
  });
}

type AddressAnswer = { message: string; address: CustomerAddress };

export function saveAddress(body: AddressBodyInput): Promise<AddressAnswer> {
  return apiClient.post<AddressAnswer>('/api/addresses', body);
}

/** The four delivery fields of an address, as the order form holds them. */
export function addressFields(address: AddressBodyInput) {
  return {
    shipping_address: String(address.shipping_address ?? ''),
    pin_code: String(address.pin_code ?? ''),
    location_type: String(address.location_type ?? ''),
    phone_number: String(address.phone_number ?? ''),
  };
}

/** Whether the form's fields are those of a saved address (as the server compares them when an order is placed). */
export function sameAddress(a: AddressBodyInput, b: AddressBodyInput): boolean {
  const x = addressFields(a);
  const y = addressFields(b);
  return (
    x.shipping_address.trim() === y.shipping_address.trim() &&
    x.pin_code.trim() === y.pin_code.trim() &&
    x.location_type.trim().toLowerCase() === y.location_type.trim().toLowerCase() &&
    x.phone_number.trim() === y.phone_number.trim()
  );
}

function useRefresh() {
  const queryClient = useQueryClient();
  return ({ message }: { message: string }) => {
    toast.success(message);
    return queryClient.invalidateQueries({ queryKey: savedAddressKeys.all });
  };
}

export function useUpdateAddress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AddressBodyInput }) =>
      apiClient.put<AddressAnswer>(`/api/addresses/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteAddress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<MessageResponse>(`/api/addresses/${id}`),
    onSuccess: refresh,
  });
}
