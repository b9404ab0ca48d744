// The idea input form (spec sections 2 and 5): a labelled multi-line field, the submit button ('Start
// Conversation', 'Processing...' while busy), the connection badge, an error alert with Retry and a
// 'Test Connection' button on failure. Enter without Shift submits; a blank idea is refused with the
// spec's message, which typing clears. The detailed variant adds Show/Hide Details and Reconnect.
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDown, ChevronUp, PlugZap, RefreshCw, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { keySourceLabel } from '../../../data/ai-connection';
import { AI_TEXT } from '../ai-messages';
import { useConnectionActions } from '../hooks/use-connection-actions';
import { badgeState, BADGE_LABELS, ConnectionBadge } from './connection-badge';
import { ConnectionNotice } from './connection-notice';
import { InlineAlert } from './inline-alert';

export interface IdeaInputFormProps {
  value: string;
  onChange: (value: string) => void;
  /** Receives the trimmed idea; a rejection shows its message with Retry. */
  onSubmit: (idea: string) => void | Promise<void>;
  label?: string;
  /** Hide the label visually (the card's title says it). */
  labelHidden?: boolean;
  placeholder?: string;
  submitLabel?: string;
  busyLabel?: string;
  /** Busy for the screen's own reasons. */
  busy?: boolean;
  detailed?: boolean;
  /** Shown under the form while offline (e.g. 'Save as a plain note'). */
  offlineAction?: ReactNode;
  /** Submitting needs the network (true unless the screen can work offline). */
  needsConnection?: boolean;
}

export function IdeaInputForm({
  value,
  onChange,
  onSubmit,
  label = 'Your idea',
  labelHidden = false,
  placeholder = 'Describe your idea in a sentence or two...',
  submitLabel = 'Start Conversation',
  busyLabel = 'Processing...',
  busy = false,
  detailed = false,
  offlineAction,
  needsConnection = true,
}: IdeaInputFormProps) {
  const fieldId = useId();
  const errorId = useId();
  const connection = useConnectionActions();
  const [validation, setValidation] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const state = badgeState(connection.status, connection.testedAt, connection.online);
  const working = busy || submitting;
  const connecting = connection.status === 'connecting';
  const blank = value.trim() === '';
  const offlineBlocked = needsConnection && !connection.online;

  const submit = async () => {
    if (working || connecting) return;
    if (blank) {
      setValidation(AI_TEXT.ideaRequired);
      return;
    }
    if (offlineBlocked) return;
    setFailure(null);
    setSubmitting(true);
    try {
      await onSubmit(value.trim());
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSubmitting(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={fieldId} className={labelHidden ? 'sr-only' : undefined}>
          {label}
        </Label>
        <ConnectionBadge state={state} className={labelHidden ? 'ml-auto' : undefined} />
      </div>
      <Textarea
        id={fieldId}
        value={value}
        placeholder={placeholder}
        aria-invalid={validation ? true : undefined}
        aria-describedby={validation ? errorId : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          if (validation) setValidation(null);
        }}
        onKeyDown={onKeyDown}
        minHeight="min-h-28"
        className="resize-y"
      />
      {validation && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {validation}
        </p>
      )}

      {failure && (
        <InlineAlert
          tone="error"
          title={failure}
          actions={
            <Button type="button" variant="outline" size="sm" onClick={() => void submit()}>
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
          }
        />
      )}

      {offlineBlocked && (
        <InlineAlert tone="offline" title={AI_TEXT.offline} actions={offlineAction}>
          {AI_TEXT.offlineDetail}
        </InlineAlert>
      )}

      <ConnectionNotice
        connection={connection}
        action={
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={connecting}
            onClick={() => void connection.testConnection()}
          >
            <PlugZap aria-hidden="true" />
            Test Connection
          </Button>
        }
      />

      {detailed && detailsOpen && (
        <dl
          id={`${fieldId}-details`}
          className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border bg-muted/40 px-3 py-2 text-xs"
        >
          <dt className="text-muted-foreground">Status</dt>
          <dd>{BADGE_LABELS[state]}</dd>
          <dt className="text-muted-foreground">Details</dt>
          <dd className="break-words">{connection.detail || connection.message || 'Not tested yet'}</dd>
          <dt className="text-muted-foreground">Models available</dt>
          <dd>{connection.models}</dd>
          <dt className="text-muted-foreground">API key</dt>
          <dd>{keySourceLabel(connection.source)}</dd>
        </dl>
      )}

      <div className="flex flex-wrap items-center justify-end gap-2">
        {detailed && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-expanded={detailsOpen}
            aria-controls={detailsOpen ? `${fieldId}-details` : undefined}
            onClick={() => setDetailsOpen((open) => !open)}
          >
            {detailsOpen ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            {detailsOpen ? 'Hide Details' : 'Show Details'}
          </Button>
        )}
        {detailed && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={connecting || !connection.online}
            onClick={() => void connection.reconnect()}
            className="mr-auto"
          >
            <RefreshCw aria-hidden="true" className={connecting ? 'animate-spin' : undefined} />
            Reconnect
          </Button>
        )}
        <Button type="submit" disabled={blank || working || connecting || offlineBlocked}>
          {working && <Spinner label={busyLabel} />}
          {working ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
