import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from '@/app/theme';

/** Mantine with the app's theme, as a render wrapper for a component tested on its own. */
export function MantineWrapper({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      {children}
    </MantineProvider>
  );
}
