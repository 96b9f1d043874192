import type { SupplierScorecard } from '@depot/contract';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { LabelledValue } from '@/components/labelled-value';
import { formatQuantity } from '@/lib/format';
import { formatLeadTime, formatRate } from '@/lib/supplier-scorecards';

/** One supplier's scorecard (docs/product/screens.md#supplier-scorecards). */
export function SupplierScorecardCard({
  scorecard,
  title,
}: {
  scorecard: SupplierScorecard;
  title?: string;
}) {
  return (
    <Paper withBorder p="md" component="article" aria-label={`Scorecard of ${scorecard.supplier_name}`}>
      <Text fw={600} mb="xs">
        {title ?? scorecard.supplier_name}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="xs">
        <LabelledValue label="On Time" value={formatRate(scorecard.on_time_rate)} numeric />
        <LabelledValue label="Fill Rate" value={formatRate(scorecard.fill_rate)} numeric />
        <LabelledValue
          label="Average Lead Time"
          value={formatLeadTime(scorecard.average_lead_time_hours)}
          numeric
        />
        <LabelledValue
          label="Delivered"
          value={`${formatQuantity(scorecard.delivered_orders)} of ${formatQuantity(scorecard.orders)} orders`}
          numeric
        />
        <LabelledValue label="Open Orders" value={formatQuantity(scorecard.open_orders)} numeric />
        <LabelledValue
          label="Overdue"
          value={
            <Text
              span
              size="sm"
              c={scorecard.overdue_orders > 0 ? 'var(--depot-color-danger-text)' : undefined}
              fw={scorecard.overdue_orders > 0 ? 600 : undefined}
            >
              {formatQuantity(scorecard.overdue_orders)}
            </Text>
          }
          numeric
        />
      </SimpleGrid>
    </Paper>
  );
}
