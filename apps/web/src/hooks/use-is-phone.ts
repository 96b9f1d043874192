import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's 'sm' breakpoint (48em), where the dashboard's navbar also collapses. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** True on a phone-sized window: screens swap wide tables for cards there. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
