import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/toaster';
import { theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals. */
  mantineEnv?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ queryClient, mantineEnv = 'default', children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={mantineEnv}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </MantineProvider>
  );
}
