// Leaving an idea in progress: 'Start over' on /new (asking first when there is a conversation to lose),
// and the offer shown when New Idea is opened while an earlier idea is unfinished: resume it or start fresh.
import { useState } from 'react';
import { RotateCcw, Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog, preloadConfirmDialog } from '../../../components/ui/confirm-dialog';
import { preloadOnIntent } from '../../../lib/lazy-with-preload';
import type { CreationDraft } from './creation-draft';

/** Something typed or said that starting over would lose. */
export function draftHasContent(draft: CreationDraft): boolean {
  return draft.title.trim() !== '' || draft.idea.trim() !== '' || draft.entries.length > 0;
}

/** A conversation (or its plan) exists: starting over asks first. */
export function draftHasConversation(draft: CreationDraft): boolean {
  return draft.entries.some((entry) => entry.role === 'assistant') || draft.result !== null;
}

export function StartOverButton({
  draft,
  aiName,
  onStartOver,
}: {
  draft: CreationDraft;
  aiName: string;
  onStartOver: () => void;
}) {
  const [open, setOpen] = useState(false);
  const asks = draftHasConversation(draft);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        {...(asks ? preloadOnIntent(preloadConfirmDialog) : {})}
        onClick={() => (asks ? setOpen(true) : onStartOver())}
      >
        <RotateCcw aria-hidden="true" />
        Start over
      </Button>
      <ConfirmDialog
        open={open}
        title="Start over?"
        description={
          <>The title, the idea and the conversation with {aiName} will be cleared. This cannot be undone.</>
        }
        cancelLabel="Keep it"
        confirmLabel="Start over"
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onStartOver();
        }}
      />
    </>
  );
}

export function ResumeOffer({
  draft,
  onResume,
  onStartFresh,
}: {
  draft: CreationDraft;
  onResume: () => void;
  onStartFresh: () => void;
}) {
  const name = draft.title.trim() || draft.idea.trim() || 'Untitled idea';
  const said = draft.entries.filter((entry) => entry.role !== 'system').length;
  return (
    <Card role="region" aria-labelledby="resume-offer-title">
      <CardHeader>
        <CardTitle as="h2" id="resume-offer-title" className="text-lg">
          You have an idea in progress
        </CardTitle>
        <CardDescription>
          <span className="font-medium text-foreground">{name.length > 80 ? `${name.slice(0, 80)}…` : name}</span>
          {said > 0 ? ` · ${said} message${said === 1 ? '' : 's'} so far` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onResume}>
          <Sparkles aria-hidden="true" />
          Resume
        </Button>
        <Button variant="outline" onClick={onStartFresh}>
          <RotateCcw aria-hidden="true" />
          Start fresh
        </Button>
      </CardContent>
    </Card>
  );
}
