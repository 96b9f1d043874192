import { ActionIcon, type MantineColorScheme, useMantineColorScheme } from '@mantine/core';
import { AutoSchemeIcon, MoonIcon, SunIcon } from './icons';

const NEXT: Record<MantineColorScheme, MantineColorScheme> = { light: 'dark', dark: 'auto', auto: 'light' };
const NAMES: Record<MantineColorScheme, string> = { light: 'light', dark: 'dark', auto: "the device's" };
const ICONS = { light: SunIcon, dark: MoonIcon, auto: AutoSchemeIcon };

/**
 * Steps through light, dark and the device's colour scheme. Mantine keeps the choice in
 * localStorage and applies it on start from the app's own script (the CSP allows no inline one).
 */
export function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const next = NEXT[colorScheme];
  const Icon = ICONS[colorScheme];
  const label = `Colour scheme: ${NAMES[colorScheme]}. Switch to ${NAMES[next]}`;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(next)}
    >
      <Icon size={18} />
    </ActionIcon>
  );
}
