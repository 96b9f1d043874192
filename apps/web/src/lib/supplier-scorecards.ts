import type { SupplierScorecard, SupplierScorecardsResponse } from '@depot/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { useRefetchOnLiveEvent } from './live-events';
import { supplierScorecardKeys } from './query-keys';

/**
 * The scorecards of the suppliers the user reaches (a manager: every supplier with orders; a
 * supplier: its own), fetched again when one of those supply orders changes.
 */
export function useSupplierScorecards() {
  useRefetchOnLiveEvent(supplierScorecardKeys.all, (event) => event.type === 'supply-order-updated');
  return useQuery({
    queryKey: supplierScorecardKeys.all,
    queryFn: async ({ signal }): Promise<SupplierScorecard[]> =>
      (await apiClient.get<SupplierScorecardsResponse>('/api/supplier-scorecards', { signal })).scorecards,
  });
}

/** A rate as a whole percentage, "—" while nothing counts towards it: 0.7 → "70%". */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

/** A lead time in hours under two days, else in days, one decimal: 30 → "30.0 hours", 60 → "2.5 days". */
export function formatLeadTime(hours: number | null): string {
  if (hours === null) return '—';
  return hours < 48 ? `${hours.toFixed(1)} hours` : `${(hours / 24).toFixed(1)} days`;
}
