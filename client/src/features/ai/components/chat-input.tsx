// The chat's message box: grows from 60 to 120 px with its text; Enter sends, Shift+Enter adds a line;
// blank text is not sent; the box and the send button are disabled while a reply is pending.
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';

export const CHAT_INPUT_MIN_PX = 60;
export const CHAT_INPUT_MAX_PX = 120;

export interface ChatInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the text when the user sends; return false to keep the text in the box. */
  onSend: (text: string) => boolean;
  /** The box and the button (a reply is pending). */
  disabled?: boolean;
  /** Only sending (e.g. offline: the user may still write). */
  sendDisabled?: boolean;
  placeholder?: string;
  label?: string;
}

export function ChatInput({
  value,
  onChange,
  onSend,
  disabled = false,
  sendDisabled = false,
  placeholder = 'Type your message...',
  label = 'Message',
}: ChatInputProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const blank = value.trim() === '';

  // Autosize: measure the content, then clamp between the two heights (scrolls beyond the maximum).
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${Math.min(CHAT_INPUT_MAX_PX, Math.max(CHAT_INPUT_MIN_PX, box.scrollHeight + 2))}px`;
  }, [value]);

  const submit = () => {
    if (disabled || sendDisabled || blank) return;
    if (onSend(value)) onChange('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Textarea
        ref={ref}
        rows={1}
        value={value}
        aria-label={label}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        minHeight="min-h-[60px]"
        className="max-h-[120px] resize-none overflow-y-auto"
      />
      <Button type="submit" size="icon-lg" disabled={disabled || sendDisabled || blank} aria-label="Send message">
        <SendHorizontal aria-hidden="true" />
      </Button>
    </form>
  );
}
