// 'Find action items' without React: what is sent about a note, the steps kept from the dialog's edits, and
// the words of a failure.
import { describe, expect, it } from 'vitest';
import { AI_TEXT } from '../ai-messages';
import { AiError, AiKeyRequiredError, AiOfflineError, errorFromEvent, errorFromResponse } from '../api/ai-errors';
import { actionItemsRequestOf, describeFailure, hasText, stepsToAdd, toDraft } from './action-items-logic';

const note = {
  id: '0b6f0a51-3a3f-4b6e-9a37-1c0d2f1e2a3b',
  title: ' Party ',
  content: 'Book the venue by next Friday',
  expanded_content: null as string | null,
};

describe('actionItemsRequestOf', () => {
  it("sends the note's title and its idea, then its plan, with the user's day and zone", () => {
    expect(
      actionItemsRequestOf({ ...note, expanded_content: 'Plan\n\n1. Call' }, '2026-03-24', 'Europe/Paris'),
    ).toEqual({
      noteId: note.id,
      title: 'Party',
      text: 'Book the venue by next Friday\n\nPlan\n\n1. Call',
      today: '2026-03-24',
      timeZone: 'Europe/Paris',
    });
  });

  it('sends a text once when the plan repeats the idea, and nothing for blank parts', () => {
    const same = actionItemsRequestOf(
      { ...note, expanded_content: ' Book the venue by next Friday ' },
      '2026-03-24',
      'UTC',
    );
    expect(same.text).toBe('Book the venue by next Friday');
    const blank = actionItemsRequestOf(
      { ...note, title: ' ', content: '', expanded_content: '  ' },
      '2026-03-24',
      'UTC',
    );
    expect(blank.text).toBe('');
    expect(hasText(blank)).toBe(false);
    expect(hasText({ title: 'Call mum', text: '' })).toBe(true);
  });
});

describe('the draft', () => {
  it('keeps the steps with text, trimmed, with their date when one is set', () => {
    const draft = toDraft([{ text: 'Book the venue', due: '2026-03-27' }, { text: 'Send invitations' }, { text: 'x' }]);
    expect(draft.map((step) => step.key)).toEqual([0, 1, 2]);
    const edited = [
      { ...draft[0]!, text: ' Book the hall ' },
      { ...draft[1]!, due: '2026-04-01' },
      { ...draft[2]!, text: '   ', due: '2026-04-02' },
    ];
    expect(stepsToAdd(edited)).toEqual([
      { text: 'Book the hall', due: '2026-03-27' },
      { text: 'Send invitations', due: '2026-04-01' },
    ]);
    expect(stepsToAdd([{ ...draft[0]!, due: '' }])).toEqual([{ text: 'Book the venue' }]);
  });
});

describe('describeFailure', () => {
  it("says a streamed failure in the catalogue's sentence, with the text that arrived", () => {
    const limited = errorFromEvent(
      {
        status: 429,
        code: 'rate_limited',
        message: 'Rate limit exceeded. Please try again later.',
        requestId: 'req-1',
      },
      '',
    );
    expect(describeFailure(limited)).toEqual({
      message: 'Sorry, I encountered an error: Rate limit exceeded. Please try again later.',
      keyMissing: false,
    });
    const cut = errorFromEvent(
      {
        status: 502,
        code: 'interrupted',
        message: 'The connection was interrupted.',
        requestId: 'r',
        partial: '1. Bo',
        incomplete: true,
      },
      '1. Bo',
    );
    expect(describeFailure(cut)).toMatchObject({ partial: '1. Bo' });
  });

  it("says our server's own refusal as it is worded, a missing key and offline as the chat does", () => {
    const keptOut = errorFromResponse(409, {
      error: 'note_kept_out',
      message: 'This note is kept out of the assistant.',
    });
    expect(describeFailure(keptOut)).toEqual({ message: 'This note is kept out of the assistant.', keyMissing: false });
    expect(describeFailure(new AiKeyRequiredError())).toEqual({ message: AI_TEXT.setupFailure, keyMissing: true });
    expect(describeFailure(new AiOfflineError())).toEqual({ message: AI_TEXT.offline, keyMissing: false });
    expect(describeFailure(new AiError('', { status: 500, code: 'http' }))).toEqual({
      message: AI_TEXT.defaultActionItems,
      keyMissing: false,
    });
    expect(describeFailure(new TypeError('boom'))).toEqual({ message: AI_TEXT.defaultActionItems, keyMissing: false });
  });
});
