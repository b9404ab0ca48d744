// Step 2 of Create New Idea: 'Let's Develop Your Idea' with the 500 px chat. The assistant is called
// at once on the seeded idea; each message is sent 100 ms after it shows; 'Create Plan' (offered only
// after a reply that succeeded) asks for the plan; only a plan the server accepted leads to 'Plan created
// successfully!' and 'View Action Steps'. A failure is logged and shown in the chat with Retry; a failed
// plan also gets the 'AI Processing Failed' toast.
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { CircleCheck, ListChecks, RefreshCw, Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import type { AiPreferences } from '../../../data/ai-preferences';
import { toast } from '../../../lib/toast';
import { AI_TEXT, AI_TOASTS } from '../ai-messages';
import { requestConversation } from '../api/ai-requests';
import { ChatPanel } from '../components/chat-panel';
import { ConnectionNotice } from '../components/connection-notice';
import { InlineAlert } from '../components/inline-alert';
import { useChatSession, type ReplyRequest } from '../hooks/use-chat-session';
import { useConnectionActions } from '../hooks/use-connection-actions';
import { awaitingReply, failedTurn, failureMessage, lastReplySucceeded, type ChatEntry } from '../lib/chat-entries';
import { CREATE_PLAN_MIN_MESSAGES, CREATION_SEND_DELAY_MS, type PlanResult } from './creation-draft';

export interface ConversationStepProps {
  entries: ChatEntry[];
  onEntriesChange: (entries: ChatEntry[]) => void;
  chatInput: string;
  onChatInputChange: (text: string) => void;
  preferences: AiPreferences;
  preferencesLoading: boolean;
  /** The plan, once created. */
  result: PlanResult | null;
  onPlan: (result: PlanResult) => void;
  onViewSteps: () => void;
  /** Offered while offline: 'Save as a plain note'. */
  offlineAction?: ReactNode;
  /** Set when the assistant needed an API key: no automatic request until the connection works. */
  awaitingKey: boolean;
  onAwaitingKeyChange: (awaiting: boolean) => void;
}

export function ConversationStep({
  entries,
  onEntriesChange,
  chatInput,
  onChatInputChange,
  preferences,
  preferencesLoading,
  result,
  onPlan,
  onViewSteps,
  offlineAction,
  awaitingKey,
  onAwaitingKeyChange,
}: ConversationStepProps) {
  const connection = useConnectionActions();

  const ask = useCallback<ReplyRequest>((messages, options) => requestConversation(messages, false, options), []);
  const askPlan = useCallback<ReplyRequest>((messages, options) => requestConversation(messages, true, options), []);
  // The 'Processing your idea' toast of the first turn, taken down when the reply is in.
  const processingToast = useRef<{ dismiss: () => void } | null>(null);
  const session = useChatSession({
    entries,
    onEntriesChange,
    request: ask,
    planRequest: askPlan,
    sendDelayMs: CREATION_SEND_DELAY_MS,
    onKeyRequired: () => onAwaitingKeyChange(true),
    // The server sends `done` for a plan turn only when the answer is a plan (steps included).
    onReply: (_entries, done, turn) => {
      // Its work is done: on a phone the toast would go on covering the header above the reply.
      processingToast.current?.dismiss();
      if (turn === 'plan') onPlan({ expandedContent: done.expandedContent ?? done.text, steps: done.steps ?? [] });
    },
    onFailure: (error, turn) => {
      processingToast.current?.dismiss();
      // The spec: a failed conversation turn is logged only (the chat shows what happened, with Retry).
      console.warn('Error in idea conversation:', error);
      if (turn === 'plan') toast(AI_TOASTS.processingFailed(failureMessage(error, AI_TEXT.defaultConversation)));
    },
  });
  const { pending, requestReply, retry } = session;

  // Back from /api-setup with a key: the turn that found none is sent again by itself.
  const keyMissing = awaitingKey && connection.status !== 'connected';
  useEffect(() => {
    if (!awaitingKey || connection.status !== 'connected') return;
    onAwaitingKeyChange(false);
    if (failedTurn(entries)?.keyProblem) void retry();
  }, [awaitingKey, connection.status, onAwaitingKeyChange, entries, retry]);

  // The first reply comes by itself once the idea is seeded (and after a reload that interrupted one).
  const started = useRef(false);
  useEffect(() => {
    if (started.current || keyMissing || preferencesLoading || !connection.online || result || !awaitingReply(entries))
      return;
    started.current = true;
    if (entries.length === 2) processingToast.current = toast(AI_TOASTS.processing);
    void requestReply();
  }, [entries, keyMissing, preferencesLoading, connection.online, result, requestReply]);

  const createPlan = () => void requestReply('plan');

  const reconnect = (
    <Button
      variant="outline"
      size="sm"
      disabled={connection.status === 'connecting'}
      onClick={() => void connection.reconnect()}
    >
      <RefreshCw aria-hidden="true" className={connection.status === 'connecting' ? 'animate-spin' : undefined} />
      Reconnect
    </Button>
  );
  return (
    <Card>
      <CardHeader px="px-4 sm:px-6">
        <CardTitle as="h2" className="text-lg">
          Let's Develop Your Idea
        </CardTitle>
        <CardDescription>Answer a few questions from {preferences.aiName}, then create your plan.</CardDescription>
      </CardHeader>
      <CardContent px="px-3 sm:px-6" className="flex flex-col gap-4">
        {connection.online && connection.status === 'connecting' && (
          <InlineAlert
            tone="info"
            live={false}
            title="Checking the connection to the AI service..."
            actions={reconnect}
          />
        )}
        <ConnectionNotice connection={connection} action={reconnect} keyNote="Your conversation is kept." />

        {preferencesLoading ? (
          <ChatSkeleton />
        ) : (
          <ChatPanel
            session={session}
            aiName={preferences.aiName}
            height={500}
            label="Conversation about your idea"
            cursor
            inputHidden={result !== null}
            draft={chatInput}
            onDraftChange={onChatInputChange}
          >
            {!connection.online && offlineAction && <div className="flex justify-end">{offlineAction}</div>}
            {result ? (
              <div
                role="status"
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/30 bg-primary/5 px-3 py-2.5"
              >
                <p className="flex items-center gap-2 text-sm font-medium">
                  <CircleCheck aria-hidden="true" className="size-4 text-primary" />
                  {AI_TEXT.planCreated}
                </p>
                {result.steps.length > 0 ? (
                  <Button size="sm" onClick={onViewSteps}>
                    <ListChecks aria-hidden="true" />
                    View Action Steps
                  </Button>
                ) : (
                  <span className="text-sm text-muted-foreground">Your expanded idea is below.</span>
                )}
              </div>
            ) : (
              entries.length >= CREATE_PLAN_MIN_MESSAGES &&
              !pending &&
              lastReplySucceeded(entries) && (
                <div className="flex justify-end">
                  <Button variant="secondary" onClick={createPlan} disabled={!connection.online}>
                    <Sparkles aria-hidden="true" />
                    Create Plan
                  </Button>
                </div>
              )
            )}
          </ChatPanel>
        )}
      </CardContent>
    </Card>
  );
}

function ChatSkeleton() {
  return (
    <div className="flex h-[500px] flex-col gap-4 rounded-xl border p-4" aria-busy="true">
      <span className="sr-only" role="status">
        Loading your preferences...
      </span>
      {[0, 1, 2].map((i) => (
        <div key={i} className={i % 2 === 1 ? 'flex flex-row-reverse items-end gap-2' : 'flex items-end gap-2'}>
          <Skeleton rounded="rounded-full" className="size-8" />
          <Skeleton rounded="rounded-2xl" className={i % 2 === 1 ? 'h-10 w-2/5' : 'h-16 w-3/5'} />
        </div>
      ))}
      <Skeleton className="mt-auto h-[60px] w-full" />
    </div>
  );
}
