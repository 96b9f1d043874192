import { ActionIcon, Button } from '@mantine/core';
import { UserIcon } from '@/components/icons';

interface AccountButtonProps {
  iconOnly?: boolean;
  /** The pointer or focus came to the button: a click may follow (start loading the menu). */
  onIntent?: () => void;
  /** Clicked: open the menu. Without it the button is marked unavailable (loading, or failed to load). */
  onOpen?: () => void;
}

/**
 * The Account menu's button until the menu is first opened: it looks the same and opens the menu,
 * whose code (Mantine's Menu and floating-ui) comes with that first click. While that code loads, or
 * if it cannot, the button is marked unavailable, so a click is not silently lost (browser tests wait).
 */
export function AccountButton({ iconOnly = false, onIntent, onOpen }: AccountButtonProps) {
  const props = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    'aria-disabled': onOpen ? undefined : true,
    onPointerEnter: onIntent,
    onFocus: onIntent,
    onClick: onOpen,
  };
  if (iconOnly) {
    return (
      <ActionIcon variant="default" size="lg" aria-label="Account" title="Account" {...props}>
        <UserIcon size={18} />
      </ActionIcon>
    );
  }
  return (
    <Button variant="subtle" size="compact-sm" ml="auto" {...props}>
      Account
    </Button>
  );
}
