import { Stack, Text } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { useSessionUser } from '@/lib/session-user';
import { CourierDay } from '../components/courier-day';
import { CustomerDay } from '../components/customer-day';
import { OwnScorecard } from '../components/own-scorecard';
import { SupplierDay } from '../components/supplier-day';

export const OVERVIEW_TEXT = 'Welcome to the overview page. Here you can see a summary of your dashboard.';

/**
 * The Overview of every role but the manager's (docs/product/screens.md#overview): the SPEC's
 * title and text, then the user's day; a supplier also sees their scorecard.
 */
export default function OverviewPage() {
  const user = useSessionUser();
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <PageTitle>Overview</PageTitle>
        <Text>{OVERVIEW_TEXT}</Text>
      </Stack>
      {user.role === 'Customer' && <CustomerDay />}
      {user.role === 'Courier Service' && <CourierDay />}
      {user.role === 'Supplier' && (
        <>
          <SupplierDay />
          <OwnScorecard />
        </>
      )}
    </Stack>
  );
}
