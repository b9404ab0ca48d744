// What a failed connection test means for the user, truthfully: no key (the no-key card), a key that was
// refused (whose key, from the test's detail), or an outage the server's fallback answers ('We'll use a
// local fallback') or does not. Nothing while connected, untested or offline.
import type { ReactNode } from 'react';
import { AI_TEXT } from '../ai-messages';
import type { ConnectionActions } from '../hooks/use-connection-actions';
import { ApiKeyMissingAlert } from './api-key-missing-alert';
import { InlineAlert } from './inline-alert';

export function ConnectionNotice({
  connection,
  action,
  keyNote,
}: {
  connection: ConnectionActions;
  action: ReactNode;
  keyNote?: ReactNode;
}) {
  if (!connection.online || connection.status !== 'failed') return null;
  if (connection.keyRequired) return <ApiKeyMissingAlert>{keyNote}</ApiKeyMissingAlert>;
  const title = connection.fallback
    ? AI_TEXT.connectionIssue
    : /invalid/i.test(connection.detail)
      ? AI_TEXT.keyRefused
      : AI_TEXT.connectionFailed;
  return (
    <InlineAlert tone="warning" live={false} title={title} actions={action}>
      {connection.detail}
    </InlineAlert>
  );
}
