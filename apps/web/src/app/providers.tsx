import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ReconnectingState } from '@/components/reconnecting-state';
import { Toaster } from '@/components/toaster';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals. */
  mantineEnv?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ queryClient, mantineEnv = 'default', children }: AppProvidersProps) {
  return (
    // The colour scheme toggle's choice lives in localStorage (Mantine's default manager); until one
    // is made the device's preference applies.
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      env={mantineEnv}
    >
      <QueryClientProvider client={queryClient}>
        {children}
        <ReconnectingState />
        <Toaster />
      </QueryClientProvider>
    </MantineProvider>
  );
}
