// The chat panel used on every AI screen (creation flow 500 px, /chat, Edit 400 px, View 500 px): the
// message log (auto-scrolled to the newest), the reply streaming in, Retry on a failed turn, the offline
// notice and the input.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { RotateCcw } from 'lucide-react';
import { avatarInitials } from '#core/initials';
import { Button } from '../../../components/ui/button';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { cn } from '../../../lib/utils';
import { useAuth } from '../../../data/auth';
import { AI_TEXT } from '../ai-messages';
import type { ChatSession } from '../hooks/use-chat-session';
import { ChatBubble } from './chat-bubble';
import { ChatInput } from './chat-input';
import { InlineAlert } from './inline-alert';

export interface ChatPanelProps {
  session: ChatSession;
  aiName: string;
  /** The panel's height in px (the spec's 400 or 500); without it, give one through className. */
  height?: number;
  /** Accessible name of the message log. */
  label: string;
  /** Show a cursor mark after the streaming text (the creation flow). */
  cursor?: boolean;
  /** Shown between the log and the input (e.g. Create Plan, 'Plan created successfully!'). */
  children?: ReactNode;
  /** Hide the input (e.g. once the plan is done). */
  inputHidden?: boolean;
  /** Disable the input for a reason of the screen's own (e.g. preferences still loading). */
  inputDisabled?: boolean;
  /** The text in the box, when the screen keeps it (a draft); otherwise the panel keeps it. */
  draft?: string;
  onDraftChange?: (draft: string) => void;
  placeholder?: string;
  emptyText?: string;
  className?: string;
}

export function ChatPanel({
  session,
  aiName,
  height,
  label,
  cursor = false,
  children,
  inputHidden = false,
  inputDisabled = false,
  draft,
  onDraftChange,
  placeholder,
  emptyText = 'No messages yet. Say hello!',
  className,
}: ChatPanelProps) {
  const online = useOnlineStatus();
  const { user } = useAuth();
  const [ownDraft, setOwnDraft] = useState('');
  const text = draft ?? ownDraft;
  const setText = onDraftChange ?? setOwnDraft;
  const userInitials = avatarInitials(
    typeof user?.user_metadata?.name === 'string' ? user.user_metadata.name : null,
    user?.email ?? null,
  );
  const { entries, pending, streamed } = session;
  const lastIndex = entries.length - 1;
  // A retry's own text replaces the failed attempt (kept on screen until then).
  const replaced = session.replacing && streamed !== '';
  // Messages that arrive while this panel is open type in; history shows at once.
  const [historyLength] = useState(entries.length);
  const logRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  // Keep the newest message in view while the reader stays at the bottom (not when they scrolled up).
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const log = logRef.current;
    if (!scroller || !log) return;
    const toBottom = () => {
      if (pinned.current) scroller.scrollTop = scroller.scrollHeight;
    };
    toBottom();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(toBottom);
    observer.observe(log);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    // A new message (mine or a reply) always brings the view down.
    pinned.current = true;
    const scroller = scrollRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [entries.length, pending]);

  const onScroll = () => {
    const scroller = scrollRef.current;
    if (scroller) pinned.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 48;
  };

  const visible = entries.length > 0 || pending;
  return (
    <div
      role="region"
      aria-label={label}
      className={cn('flex flex-col overflow-hidden rounded-xl border bg-background', className)}
      style={height === undefined ? undefined : { height }}
    >
      <div
        ref={scrollRef}
        onScroll={onScroll}
        // Focusable, so keyboard users can scroll the messages.
        tabIndex={0}
        role="log"
        aria-live="polite"
        aria-busy={pending}
        aria-label="Messages"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 py-4 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:px-4"
      >
        {!visible && <p className="py-8 text-center text-sm text-muted-foreground">{emptyText}</p>}
        <div ref={logRef}>
          <ol className="flex flex-col gap-4">
            {entries.map((entry, index) =>
              index === lastIndex && replaced ? null : (
                <ChatBubble
                  // Index keys: the streaming reply and the message it becomes share one key, so typing goes on.
                  key={index}
                  entry={entry}
                  aiName={aiName}
                  userInitials={userInitials}
                  animate={index >= historyLength && entry.role === 'assistant' && entry.status === undefined}
                  cursor={cursor}
                  onRetry={
                    index === lastIndex && !pending && online && entry.status !== undefined
                      ? () => void session.retry()
                      : undefined
                  }
                />
              ),
            )}
            {pending && (
              <ChatBubble
                key={session.replacing ? lastIndex : entries.length}
                entry={{ role: 'assistant', content: streamed }}
                aiName={aiName}
                userInitials={userInitials}
                animate
                streaming
                cursor={cursor}
              />
            )}
          </ol>
        </div>
      </div>

      <div className="flex flex-col gap-3 border-t bg-card/60 p-3">
        {!online && (
          <InlineAlert tone="offline" title={AI_TEXT.offline}>
            {AI_TEXT.offlineDetail}
          </InlineAlert>
        )}
        {online && session.canRetry && (
          <InlineAlert
            tone="offline"
            title="The connection dropped before the reply arrived."
            actions={
              <Button variant="outline" size="sm" onClick={() => void session.retry()}>
                <RotateCcw aria-hidden="true" />
                Try again
              </Button>
            }
          >
            Your message is kept.
          </InlineAlert>
        )}
        {children}
        {!inputHidden && (
          <ChatInput
            value={text}
            onChange={setText}
            onSend={session.send}
            disabled={pending || inputDisabled}
            sendDisabled={!online}
            placeholder={placeholder}
            label={`Message ${aiName}`}
          />
        )}
      </div>
    </div>
  );
}
