// 'Find action items' without React (issue 35, item 5): what is sent about the note, the steps as the
// dialog edits them, and what a failure says (the catalogue's words, spec section 8).
import type { ActionItem } from '#core/action-items';
import type { ActionItemsRequest } from '#core/ai-requests-schema';
import type { NoteView } from '../../../data/notes';
import { AI_TEXT, streamErrorText } from '../ai-messages';
import { AiError, AiKeyRequiredError, AiOfflineError, isStreamFailure } from '../api/ai-errors';

/**
 * The request for a note: its title and text (the original idea, then the expanded plan when there is
 * one), and the user's day in their zone, from which the steps' dates are counted.
 */
export function actionItemsRequestOf(
  note: Pick<NoteView, 'id' | 'title' | 'content' | 'expanded_content'>,
  today: string,
  timeZone: string,
): ActionItemsRequest {
  const parts = [note.content, note.expanded_content ?? ''].map((part) => part.trim()).filter((part) => part !== '');
  return { noteId: note.id, title: note.title.trim(), text: [...new Set(parts)].join('\n\n'), today, timeZone };
}

/** '1 step', '3 steps'. */
export const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Whether there is anything to send: a note without title or text has no action to find. */
export function hasText(request: Pick<ActionItemsRequest, 'title' | 'text'>): boolean {
  return request.title.trim() !== '' || request.text.trim() !== '';
}

/** A step as the dialog edits it: `key` keeps its row while others are removed; `due` is '' for none. */
export interface DraftStep {
  key: number;
  text: string;
  due: string;
}

export function toDraft(items: readonly ActionItem[]): DraftStep[] {
  return items.map((item, key) => ({ key, text: item.text, due: item.due ?? '' }));
}

/** The steps to add: those with text, with their date when one is set. */
export function stepsToAdd(draft: readonly DraftStep[]): ActionItem[] {
  return draft
    .map((step) => ({ text: step.text.trim(), due: step.due }))
    .filter((step) => step.text !== '')
    .map((step) => (step.due !== '' ? { text: step.text, due: step.due } : { text: step.text }));
}

/** What the dialog says when the proposal failed; `keyMissing` shows the way to /api-setup instead of Retry alone. */
export interface ActionItemsFailure {
  message: string;
  keyMissing: boolean;
  /** The text that arrived before the failure, shown as it came. */
  partial?: string;
}

export function describeFailure(error: unknown): ActionItemsFailure {
  if (error instanceof AiKeyRequiredError) return { message: AI_TEXT.setupFailure, keyMissing: true };
  if (error instanceof AiOfflineError) return { message: AI_TEXT.offline, keyMissing: false };
  if (isStreamFailure(error)) {
    return {
      message: streamErrorText(error.message),
      keyMissing: false,
      ...(error.incomplete && error.partial ? { partial: error.partial } : {}),
    };
  }
  // Our server's own refusal (a note kept out meanwhile, the rate limit, an ended session) says what happened.
  if (error instanceof AiError && error.message) return { message: error.message, keyMissing: false };
  return { message: AI_TEXT.defaultActionItems, keyMissing: false };
}
