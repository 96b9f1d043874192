import { Text } from '@mantine/core';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { SupplierScorecardCard } from '@/components/supplier-scorecard-card';
import { useSupplierScorecards } from '@/lib/supplier-scorecards';

/** A supplier's own scorecard on their Overview (docs/product/screens.md#overview). */
export function OwnScorecard() {
  const scorecards = useSupplierScorecards();
  const own = scorecards.data?.[0];
  if (scorecards.isPending) return <LoadingSpinner label="Loading your scorecard" />;
  if (scorecards.isError) {
    return (
      <QueryError
        title="Could not load your scorecard"
        error={scorecards.error}
        onRetry={() => void scorecards.refetch()}
      />
    );
  }
  return own ? (
    <SupplierScorecardCard scorecard={own} title="Your Scorecard" />
  ) : (
    <Text c="dimmed">No supply orders yet: your scorecard starts with the first.</Text>
  );
}
