// One message of a chat: a bubble at most 80% wide with the author's avatar, the text as markdown, the
// typing effect for a new reply, and the state of a reply that failed or stopped part-way: its reason,
// the server's request id, Retry (Try again for a plan that did not come) and, for a key problem of the
// user's own, the way to /api-setup. An answer from the user's notes adds its citation links and sources.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { CircleAlert, KeyRound, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { initials } from '#core/initials';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { AI_TEXT } from '../ai-messages';
import { useTypingEffect } from '../hooks/use-typing-effect';
import type { ChatEntry } from '../lib/chat-entries';
import { MarkdownContent, type NoteLinkRenderer } from '../../../components/markdown/markdown-content';

export interface ChatBubbleProps {
  entry: ChatEntry;
  aiName: string;
  userInitials: string;
  /** Type the text in (a reply arriving now) rather than show it at once (history). Read at mount. */
  animate?: boolean;
  /** A reply still streaming: a spinner until text arrives, then a cursor mark if `cursor`. */
  streaming?: boolean;
  cursor?: boolean;
  /** Offered on the last entry when it is a failed turn. */
  onRetry?: () => void;
  /** How the text's links to notes are drawn (an answer's citations); other links as usual. */
  noteLink?: NoteLinkRenderer;
  /** Under the text, e.g. an answer's sources. */
  children?: ReactNode;
}

export function ChatBubble({
  entry,
  aiName,
  userInitials,
  animate = false,
  streaming = false,
  cursor = false,
  onRetry,
  noteLink,
  children,
}: ChatBubbleProps) {
  const { shown, typing } = useTypingEffect(entry.content, animate);
  const location = useLocation();

  if (entry.role === 'system') {
    return (
      <li className="flex justify-center px-2">
        <p className="max-w-[80%] rounded-md bg-muted px-3 py-1.5 text-center text-xs text-muted-foreground">
          {entry.content}
        </p>
      </li>
    );
  }

  const mine = entry.role === 'user';
  const failed = entry.status === 'error';
  const waiting = streaming && entry.content === '';
  return (
    <li className={cn('flex items-end gap-2', mine && 'flex-row-reverse')} data-role={entry.role}>
      <InitialsAvatar className="size-8" aria-hidden="true" tone={mine ? 'primary' : 'accent'}>
        {mine ? userInitials || 'You' : initials(aiName) || 'AI'}
      </InitialsAvatar>
      <div
        className={cn(
          'max-w-[80%] min-w-0 rounded-2xl px-3.5 py-2.5 shadow-xs',
          mine ? 'rounded-br-sm text-primary-foreground' : 'rounded-bl-sm border text-card-foreground',
          // One background: a failed reply's replaces the speaker's.
          failed ? 'border-destructive/50 bg-destructive/5' : mine ? 'bg-primary' : 'bg-card',
          entry.status === 'incomplete' && 'border-dashed',
        )}
      >
        <span className="sr-only">{mine ? 'You said:' : `${aiName} said:`}</span>
        {waiting ? (
          <span className="flex items-center gap-2 py-0.5 text-sm text-muted-foreground">
            <Spinner label={`${aiName} is thinking`} />
            <span aria-hidden="true">Thinking…</span>
          </span>
        ) : (
          <div className={cn('flex gap-2', failed && 'text-destructive dark:text-foreground')}>
            {failed && <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />}
            <div className="min-w-0">
              <MarkdownContent className={mine ? '[&_a]:text-primary-foreground' : undefined} noteLink={noteLink}>
                {shown}
              </MarkdownContent>
              {cursor && (streaming || typing) && (
                <span
                  aria-hidden="true"
                  data-testid="stream-cursor"
                  className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse bg-current align-baseline"
                />
              )}
            </div>
          </div>
        )}
        {children}
        {entry.status === 'incomplete' && (
          <div className="mt-2 border-t border-dashed pt-2 text-xs">
            <Badge variant="outline" className="mr-1.5 border-destructive/60 text-destructive dark:text-foreground">
              Incomplete
            </Badge>
            <span className="text-muted-foreground">{entry.errorMessage ?? AI_TEXT.incomplete}</span>
          </div>
        )}
        {entry.requestId && <p className="mt-1.5 text-xs text-muted-foreground">Request ID: {entry.requestId}</p>}
        {(onRetry || entry.keyProblem) && (
          <div className="mt-2 flex flex-wrap items-center gap-3">
            {onRetry && (
              <Button variant="outline" size="sm" onClick={onRetry}>
                <RotateCcw aria-hidden="true" />
                {entry.reason === 'no_plan' ? 'Try again' : 'Retry'}
              </Button>
            )}
            {entry.keyProblem && (
              <Link
                to="/api-setup"
                state={{ returnTo: `${location.pathname}${location.search}` }}
                className="inline-flex items-center gap-1.5 text-xs font-medium text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <KeyRound aria-hidden="true" className="size-3.5" />
                Check your API key
              </Link>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
