import { ActionIcon, Button } from '@mantine/core';
import { UserIcon } from '@/components/icons';

/**
 * The Account menu's button while the menu loads (or if it could not load): it looks the same but is
 * marked unavailable, so a click that comes too early is not silently lost (browser tests wait).
 */
export function AccountButton({ iconOnly = false }: { iconOnly?: boolean }) {
  if (iconOnly) {
    return (
      <ActionIcon variant="default" size="lg" aria-label="Account" title="Account" aria-disabled>
        <UserIcon size={18} />
      </ActionIcon>
    );
  }
  return (
    <Button variant="subtle" size="compact-sm" ml="auto" aria-disabled>
      Account
    </Button>
  );
}
