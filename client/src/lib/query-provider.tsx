// Server state that is not notes (data/*: the public config, the AI connection, AI preferences,
// profile writes) lives in one QueryClient per page, made when the first screen that needs it renders;
// each such screen (and the command palette) provides it itself, so that neither /login nor the
// dashboard loads TanStack Query (issue 10). Tests make their own.
import type { ComponentType, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './query-client';

let pageClient: QueryClient | null = null;

/** The page's QueryClient, for server state read outside a screen's tree (the search by meaning's setting). */
export function pageQueryClient(): QueryClient {
  pageClient ??= createQueryClient();
  return pageClient;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={pageQueryClient()}>{children}</QueryClientProvider>;
}

/** `Screen` inside the page's QueryClient (for a route's lazily loaded component). */
export function withServerState(Screen: ComponentType): ComponentType {
  return function WithServerState() {
    return (
      <QueryProvider>
        <Screen />
      </QueryProvider>
    );
  };
}
