import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  type MantineColorsTuple,
} from '@mantine/core';

// Mantine's teal, one step darker at the top: filled teal.8 carries white text at 5:1 and the light
// variant's teal.9 text (active sidebar link) stays above 4.5:1 on teal.1 (WCAG AA).
const teal: MantineColorsTuple = [
  ...DEFAULT_THEME.colors.teal.slice(0, 8),
  '#087f5b',
  '#06694c',
] as unknown as MantineColorsTuple;

// Mantine's default font stack is the system one: the CSP loads nothing from other hosts.
export const theme = createTheme({
  colors: { teal },
  primaryColor: 'teal',
  // Shade 8 of every colour for filled buttons and badges, and black text where white would not
  // reach AA (yellow, orange, green): both colour schemes.
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  defaultRadius: 'md',
  components: {
    // Required inputs keep the required attribute, and forms say so in words; labels stay the bare
    // field name ("Password", not "Password *") so people and tests find fields by their label.
    // A plain object rather than InputWrapper.extend keeps the input code out of the entry chunk.
    InputWrapper: { defaultProps: { withAsterisk: false } },
    // Badges read as written ("Order Received", not "ORDER RECEIVED"): statuses are product words.
    Badge: { styles: { root: { textTransform: 'none' } } },
    // The close button is an icon: screen readers need its name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
  },
});

/**
 * "Dimmed" text (descriptions, dates, hints), field errors and light badges at AA contrast in both
 * schemes: Mantine's defaults are 3.3:1 and 4:1 for dimmed, 3.3:1 and 3.4:1 for errors, and light
 * variants' shade 9 on shade 1 drops to 2.7:1 (yellow) in the light scheme. Small warning and danger
 * text (a next attempt, a low quantity, an overdue count) has a colour per scheme too: orange.8 and
 * red.8 reach only 3.4:1 and 4.1:1 on a striped row's grey, and 3.8:1 on the dark scheme's.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--depot-color-danger-text': 'var(--mantine-color-red-9)',
    '--depot-color-warning-text': darken(resolved.colors.orange[9], 0.15),
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], 0.3),
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--depot-color-danger-text': 'var(--mantine-color-red-4)',
    '--depot-color-warning-text': 'var(--mantine-color-orange-4)',
  },
});
