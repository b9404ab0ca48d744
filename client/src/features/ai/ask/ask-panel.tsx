// 'Ask your notes' on the AI Chat page (issue 34, item 3): a question answered only from the user's notes,
// with numbered sources. Offered only while 'Use my notes with the assistant' is on (else a way to Settings
// > AI) and online; a question handed over in the address (/chat?ask=…, the palette's) is asked once.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Settings } from 'lucide-react';
import { avatarInitials } from '#core/initials';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth, useUserId } from '../../../data/auth';
import { assistantStatusQuery, useAssistantSetting } from '../../../data/assistant';
import { toast } from '../../../lib/toast';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { cn } from '../../../lib/utils';
import { AI_TEXT, AI_TOASTS } from '../ai-messages';
import { AiError } from '../api/ai-errors';
import { failureMessage } from '../lib/chat-entries';
import { ChatBubble } from '../components/chat-bubble';
import { ChatInput } from '../components/chat-input';
import { InlineAlert } from '../components/inline-alert';
import { AskAnswer } from './ask-answer';
import { useAddressQuestion } from './use-address-question';
import { useAskSession, type AskSession } from './use-ask-session';

/** The page's ask turns: a failure is toasted as the chat's are; a 409 means the setting went off elsewhere. */
export function useNotesAskSession(): AskSession {
  const client = useQueryClient();
  const userId = useUserId();
  const onFailure = useCallback(
    (error: unknown) => {
      console.warn('Ask your notes failed:', error);
      toast(AI_TOASTS.chatFailed(failureMessage(error, AI_TEXT.defaultChat)));
      if (error instanceof AiError && error.status === 409)
        void client.invalidateQueries({ queryKey: assistantStatusQuery(userId).queryKey });
    },
    [client, userId],
  );
  return useAskSession({ onFailure });
}

export interface AskPanelProps {
  session: AskSession;
  aiName: string;
  /** A question to ask at once (from the address); `onQuestionTaken` once it is asked. */
  question?: string | null;
  onQuestionTaken?: () => void;
  className?: string;
}

export function AskPanel({ session, aiName, question, onQuestionTaken, className }: AskPanelProps) {
  const online = useOnlineStatus();
  const { status, loading, unavailable } = useAssistantSetting();
  const enabled = status?.enabled === true;

  const { ask, pendingId } = session;
  // Asked once the setting is known to be on; while an earlier answer streams, after it.
  useAddressQuestion(question, enabled && online && pendingId === null, ask, onQuestionTaken);

  if (enabled) return <AskConversation session={session} aiName={aiName} className={className} />;
  if (!online) {
    return (
      <InlineAlert tone="offline" title={AI_TEXT.offline}>
        Ask your notes works again once you are back online.
      </InlineAlert>
    );
  }
  if (loading || (!status && !unavailable)) {
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner label="Reading your assistant setting" />
        <span aria-hidden="true">Reading your assistant setting…</span>
      </p>
    );
  }
  if (unavailable || !status) {
    return (
      <InlineAlert
        tone="warning"
        live={false}
        title="Sprout could not reach the server to read your assistant setting."
      >
        Try again in a moment.
      </InlineAlert>
    );
  }
  return (
    <InlineAlert tone="info" live={false} title="Ask your notes needs your permission to use them.">
      Turn on ‘Use my notes with the assistant’ in Settings &gt; AI. {aiName} then answers your questions from your
      notes alone, and shows which notes it used.
      {/* Under the text, not beside it: on a phone the text keeps the width. */}
      <Button asChild size="sm" variant="outline" className="mt-3 flex w-fit">
        <Link to="/settings?tab=ai">
          <Settings aria-hidden="true" />
          Open Settings &gt; AI
        </Link>
      </Button>
    </InlineAlert>
  );
}

function AskConversation({ session, aiName, className }: { session: AskSession; aiName: string; className?: string }) {
  const online = useOnlineStatus();
  const { user } = useAuth();
  const { status } = useAssistantSetting();
  const [draft, setDraft] = useState('');
  const scrollRef = useRef<HTMLDivElement>(null);
  const { turns, pendingId, streamed } = session;
  const userInitials = avatarInitials(
    typeof user?.user_metadata?.name === 'string' ? user.user_metadata.name : null,
    user?.email ?? null,
  );
  const lastId = turns.at(-1)?.id;

  // The newest question and its answer in view as it streams.
  useEffect(() => {
    const scroller = scrollRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [turns, streamed]);

  return (
    <div className={cn('flex flex-col overflow-hidden rounded-xl border bg-background', className)}>
      <div
        ref={scrollRef}
        // Focusable, so keyboard users can scroll the answers.
        tabIndex={0}
        role="log"
        aria-live="polite"
        aria-busy={pendingId !== null}
        aria-label="Questions and answers"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 py-4 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:px-4"
      >
        {turns.length === 0 && (
          <p className="mx-auto max-w-md py-8 text-center text-sm text-muted-foreground">
            Ask a question about your notes. {aiName} answers only from what they say, and lists the notes it used.
          </p>
        )}
        <ol className="flex flex-col gap-4">
          {turns.map((turn) => (
            <li key={turn.id}>
              <ol className="flex flex-col gap-4">
                <ChatBubble
                  entry={{ role: 'user', content: turn.question }}
                  aiName={aiName}
                  userInitials={userInitials}
                />
                {turn.id === pendingId ? (
                  <ChatBubble
                    key="streaming"
                    entry={{ role: 'assistant', content: streamed }}
                    aiName={aiName}
                    userInitials={userInitials}
                    streaming
                  />
                ) : turn.answer ? (
                  <AskAnswer text={turn.answer.text} sources={turn.answer.sources} aiName={aiName} />
                ) : turn.failure ? (
                  <ChatBubble
                    entry={turn.failure}
                    aiName={aiName}
                    userInitials={userInitials}
                    onRetry={turn.id === lastId && pendingId === null && online ? session.retry : undefined}
                  />
                ) : null}
              </ol>
            </li>
          ))}
        </ol>
      </div>

      <div className="flex flex-col gap-3 border-t bg-card/60 p-3">
        {!online && (
          <InlineAlert tone="offline" title={AI_TEXT.offline}>
            Ask your notes works again once you are back online.
          </InlineAlert>
        )}
        {online && status && status.pendingNotes > 0 && (
          <p className="text-xs text-muted-foreground">
            Sprout is still reading some of your notes: an answer may miss what is in them.
          </p>
        )}
        <ChatInput
          value={draft}
          onChange={setDraft}
          onSend={session.ask}
          disabled={pendingId !== null}
          sendDisabled={!online}
          placeholder="Ask your notes…"
          label="Your question about your notes"
        />
      </div>
    </div>
  );
}
