import { queryClient } from '@backoffice/api-client';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { UiProvider } from './provider.js';

/** Everything a page of any app renders inside: the one QueryClient and the UI providers. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <UiProvider>{children}</UiProvider>
    </QueryClientProvider>
  );
}
