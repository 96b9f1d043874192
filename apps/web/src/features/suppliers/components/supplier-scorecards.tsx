import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { SupplierScorecardCard } from '@/components/supplier-scorecard-card';
import { useSupplierScorecards } from '@/lib/supplier-scorecards';

/** Every supplier with orders, how they deliver (docs/product/screens.md#supplier-scorecards). */
export function SupplierScorecards() {
  const scorecards = useSupplierScorecards();
  return (
    <Stack gap="sm" component="section" aria-labelledby="supplier-scorecards">
      <Title order={2} size="h3" id="supplier-scorecards">
        Supplier Scorecards
      </Title>
      {scorecards.isPending ? (
        <LoadingSpinner label="Loading scorecards" />
      ) : scorecards.isError ? (
        <QueryError
          title="Could not load the scorecards"
          error={scorecards.error}
          onRetry={() => void scorecards.refetch()}
        />
      ) : scorecards.data.length === 0 ? (
        <Text c="dimmed">No supply orders yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {scorecards.data.map((scorecard) => (
            <SupplierScorecardCard key={scorecard.supplier_id} scorecard={scorecard} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
