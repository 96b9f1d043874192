import { Stack, Text } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { SupplierScorecardCard } from '@/components/supplier-scorecard-card';
import { useSupplierScorecards } from '@/lib/supplier-scorecards';
import { OVERVIEW_TEXT } from './overview-page';

/** A supplier's Overview: the overview's text and how the supplier delivers (its scorecard). */
export default function SupplierOverviewPage() {
  const scorecards = useSupplierScorecards();
  const own = scorecards.data?.[0];
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <PageTitle>Overview</PageTitle>
        <Text>{OVERVIEW_TEXT}</Text>
      </Stack>
      {scorecards.isPending ? (
        <LoadingSpinner label="Loading your scorecard" />
      ) : scorecards.isError ? (
        <QueryError
          title="Could not load your scorecard"
          error={scorecards.error}
          onRetry={() => void scorecards.refetch()}
        />
      ) : own ? (
        <SupplierScorecardCard scorecard={own} title="Your Scorecard" />
      ) : (
        <Text c="dimmed">No supply orders yet: your scorecard starts with the first.</Text>
      )}
    </Stack>
  );
}
