// The no-key card: shown wherever the assistant cannot be asked because neither the server nor the user
// has a provider key. It says how to add one and links to /api-setup, which comes back here after saving.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { KeyRound } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useProviderName } from '../../../data/app-config';
import { AI_TEXT } from '../ai-messages';
import { InlineAlert } from './inline-alert';

/** What /api-setup reads to come back to the screen that sent the user there. */
export interface ApiSetupReturnState {
  returnTo: string;
}

export function ApiKeyMissingAlert({ children }: { children?: ReactNode }) {
  const providerName = useProviderName();
  const location = useLocation();
  const state: ApiSetupReturnState = { returnTo: `${location.pathname}${location.search}` };
  return (
    <InlineAlert
      tone="warning"
      title={AI_TEXT.noKeyTitle(providerName)}
      live={false}
      actions={
        <Button asChild size="sm">
          <Link to="/api-setup" state={state}>
            <KeyRound aria-hidden="true" />
            Add an API key
          </Link>
        </Button>
      }
    >
      {AI_TEXT.noKeyDetail(providerName)}
      {children ? <> {children}</> : null}
    </InlineAlert>
  );
}
