// Server state that is not notes (data/*: the public config, the AI connection, AI preferences,
// profile writes) lives in one QueryClient per page, made when the first screen that needs it loads
// (the API setup screen or the signed-in app: /login needs none, issue 10); tests make their own.
import type { ComponentType, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';

let pageClient: QueryClient | null = null;

export function QueryProvider({ children }: { children: ReactNode }) {
  pageClient ??= createQueryClient();
  return <QueryClientProvider client={pageClient}>{children}</QueryClientProvider>;
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
