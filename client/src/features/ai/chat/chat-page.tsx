// AI Chat (/chat, spec section 2): 'Chat with {AI name}', a start card (idea input, 'Start Chat' and four
// quick starters), then the active chat with the initial idea. A finished reply is only logged. The chat
// is kept in this tab's session storage until 'New chat', so a reload loses nothing. Beside it, 'Ask your
// notes' (issue 34): /chat?mode=ask, and /chat?ask=<question> asks that question once.
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { Dumbbell, GraduationCap, Mic, Plane, SquarePen } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useAuth } from '../../../data/auth';
import { useAiPreferences } from '../../../data/ai-preferences';
import type { AiDonePayload } from '#core/ai-events';
import { AskPanel, useNotesAskSession } from '../ask/ask-panel';
import { AssistantChat } from '../components/assistant-chat';
import { IdeaInputForm } from '../components/idea-input-form';
import { useSessionDraft } from '../hooks/use-session-draft';
import { chatEntrySchema, type ChatEntry } from '../lib/chat-entries';

export const QUICK_STARTERS = [
  { label: 'Start a podcast', icon: Mic, prompt: 'I want to start a podcast.' },
  { label: 'Learn a new skill', icon: GraduationCap, prompt: 'I want to learn a new skill.' },
  { label: 'Plan a trip', icon: Plane, prompt: 'I want to plan a trip.' },
  { label: 'Health goals', icon: Dumbbell, prompt: 'I want to set and reach some health goals.' },
] as const;

const chatDraftSchema = z.object({
  idea: z.string().catch(''),
  entries: z.array(chatEntrySchema).catch([]),
  awaitingKey: z.boolean().catch(false),
});
type ChatDraft = z.infer<typeof chatDraftSchema>;
const emptyDraft = (): ChatDraft => ({ idea: '', entries: [], awaitingKey: false });

type Mode = 'chat' | 'ask';
// Room for the page's header, the mode tabs and the layout's bars: the conversation fits the screen.
const PANEL_HEIGHT = 'h-[min(560px,calc(100svh-16rem))]';

export function ChatPage() {
  const { user } = useAuth();
  const { preferences } = useAiPreferences();
  const online = useOnlineStatus();
  const title = `Chat with ${preferences.aiName}`;
  const [draft, setDraft, clearDraft] = useSessionDraft(
    user ? `sprout.ai-chat:${user.id}` : null,
    chatDraftSchema,
    emptyDraft,
  );
  // Bumped by 'New chat' so the next chat is a fresh panel.
  const [chatKey, setChatKey] = useState(0);
  const active = draft.entries.length > 0;
  const [params, setParams] = useSearchParams();
  const question = params.get('ask');
  const mode: Mode = params.get('mode') === 'ask' || question !== null ? 'ask' : 'chat';
  // The page's ask turns outlive a switch to Chat and back.
  const askSession = useNotesAskSession();
  const setMode = (next: string) => setParams(next === 'ask' ? { mode: 'ask' } : {}, { replace: true });
  // Asked: the address no longer carries the question, so a reload or Back does not ask it again.
  const onQuestionTaken = useCallback(() => setParams({ mode: 'ask' }, { replace: true }), [setParams]);

  const start = (idea: string) =>
    setDraft({ idea: '', entries: [{ role: 'user', content: idea }], awaitingKey: false });
  const setEntries = useCallback(
    (entries: ChatEntry[]) => setDraft((current) => ({ ...current, entries })),
    [setDraft],
  );
  const setAwaitingKey = useCallback(
    (awaitingKey: boolean) => setDraft((current) => ({ ...current, awaitingKey })),
    [setDraft],
  );
  const onReply = useCallback((_entries: ChatEntry[], done: AiDonePayload) => {
    console.info('AI chat reply:', done);
  }, []);

  const chat = active ? (
    <AssistantChat
      key={chatKey}
      entries={draft.entries}
      onEntriesChange={setEntries}
      onReply={onReply}
      replyOnOpen
      awaitingKey={draft.awaitingKey}
      onAwaitingKeyChange={setAwaitingKey}
      label={title}
      className={PANEL_HEIGHT}
    />
  ) : (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          What would you like to talk about?
        </CardTitle>
        <CardDescription>
          Share an idea, a question or a topic, and {preferences.aiName} will help you think it through.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <IdeaInputForm
          value={draft.idea}
          onChange={(idea) => setDraft((current) => ({ ...current, idea }))}
          onSubmit={start}
          label="Your idea, question or topic"
          placeholder="Enter your idea, question, or topic..."
          submitLabel="Start Chat"
        />
        <section aria-labelledby="quick-starters-heading" className="flex flex-col gap-3">
          <h3 id="quick-starters-heading" className="text-sm font-medium text-muted-foreground">
            Or start with
          </h3>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {QUICK_STARTERS.map(({ label, icon: Icon, prompt }) => (
              <li key={label}>
                <Button
                  variant="outline"
                  size="tile"
                  className="w-full"
                  disabled={!online}
                  onClick={() => start(prompt)}
                >
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                  {label}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{title}</h1>
        {active && mode === 'chat' && (
          <Button
            variant="outline"
            onClick={() => {
              clearDraft();
              setChatKey((key) => key + 1);
            }}
          >
            <SquarePen aria-hidden="true" />
            New chat
          </Button>
        )}
      </header>

      <Tabs value={mode} onValueChange={setMode} gap="gap-6">
        <TabsList className="grid h-10 w-full grid-cols-2 sm:w-80">
          <TabsTrigger value="chat">Chat</TabsTrigger>
          <TabsTrigger value="ask">Ask your notes</TabsTrigger>
        </TabsList>
        <TabsContent value="chat">{chat}</TabsContent>
        <TabsContent value="ask">
          <AskPanel
            session={askSession}
            aiName={preferences.aiName}
            question={question}
            onQuestionTaken={onQuestionTaken}
            className={PANEL_HEIGHT}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
