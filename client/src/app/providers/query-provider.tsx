// Server state that is not notes (data/*: the public config, the AI connection, AI preferences,
// profile writes) lives in one QueryClient per page, made here; tests make their own.
import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useAiPreferencesEvents } from '../../data/ai-preferences';
import { createQueryClient } from '../../lib/query-client';

/** The page's listeners that keep server state current: offline preference saves, other tabs' saves. */
function ServerStateEvents() {
  useAiPreferencesEvents();
  return null;
}

export function QueryProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ServerStateEvents />
      {children}
    </QueryClientProvider>
  );
}
