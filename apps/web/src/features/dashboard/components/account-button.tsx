import { Button } from '@mantine/core';

/**
 * The Account menu's button while the menu loads (or if it could not load): it looks the same but is
 * marked unavailable, so a click that comes too early is not silently lost (browser tests wait).
 */
export function AccountButton() {
  return (
    <Button variant="subtle" size="compact-sm" ml="auto" aria-disabled>
      Account
    </Button>
  );
}
