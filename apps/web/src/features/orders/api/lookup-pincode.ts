import type { PincodeLookup } from '@depot/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { orderKeys } from './order-keys';

/** GET /api/pincodes/{pin}: the server's copy of the public lookup, so no third party is called. */
export function lookupPincode(pin: string, signal?: AbortSignal): Promise<PincodeLookup> {
  return apiClient.get<PincodeLookup>(`/api/pincodes/${encodeURIComponent(pin)}`, { signal });
}

export const pincodeQueryOptions = (pin: string) =>
  queryOptions({
    queryKey: orderKeys.pincode(pin),
    queryFn: ({ signal }) => lookupPincode(pin, signal),
    staleTime: 60 * 60_000,
  });

/**
 * docs/product/validation-and-messages.md#pin-codes: a code is valid when the lookup's status is a
 * success and it has a post office.
 */
export function isValidPincodeAnswer(answer: PincodeLookup): boolean {
  const [first] = answer;
  return first?.Status === 'Success' && (first.PostOffice?.length ?? 0) > 0;
}
