// Shown where a conversation cannot go on because no provider key is set up: the spec's setup failure
// text and a way to /api-setup.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { KeyRound } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { AI_TEXT } from '../ai-messages';
import { InlineAlert } from './inline-alert';

export function ApiKeyMissingAlert({ children }: { children?: ReactNode }) {
  return (
    <InlineAlert
      tone="error"
      title={AI_TEXT.setupFailure}
      actions={
        <Button asChild size="sm">
          <Link to="/api-setup">
            <KeyRound aria-hidden="true" />
            Set up API key
          </Link>
        </Button>
      }
    >
      {children}
    </InlineAlert>
  );
}
