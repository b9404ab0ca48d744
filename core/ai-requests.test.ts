// The AI endpoints' bodies: the server's validation of each, within the shared bounds, and the text the
// fallback answers.
import { describe, expect, it } from 'vitest';
import { AI_REQUEST_LIMITS, hasUserText, lastUserText } from './ai-requests';
import {
  actionItemsBodySchema,
  chatBodySchema,
  conversationBodySchema,
  expandBodySchema,
  putKeyBodySchema,
} from './ai-requests-schema';

const user = (content: string) => ({ role: 'user' as const, content });
const assistant = (content: string) => ({ role: 'assistant' as const, content });

describe('lastUserText', () => {
  it("is the user's last message with text", () => {
    expect(lastUserText([user('Learn Spanish'), assistant('Why?'), user('For fun'), assistant('Great')])).toBe(
      'For fun',
    );
    expect(lastUserText([user('Learn Spanish'), assistant('Why?'), user('   ')])).toBe('Learn Spanish');
  });

  it("is '' without one", () => {
    expect(lastUserText([])).toBe('');
    expect(lastUserText([assistant('Hello'), user(' ')])).toBe('');
  });
});

describe('hasUserText', () => {
  it('needs a user message that is not blank', () => {
    expect(hasUserText([assistant('Hi'), user('x')])).toBe(true);
    expect(hasUserText([assistant('Hi'), user(' \n')])).toBe(false);
  });
});

describe('expandBodySchema', () => {
  it('takes a trimmed idea within the bound', () => {
    expect(expandBodySchema.parse({ idea: '  Learn Spanish ' })).toEqual({ idea: 'Learn Spanish' });
    expect(expandBodySchema.safeParse({ idea: 'x'.repeat(AI_REQUEST_LIMITS.idea) }).success).toBe(true);
  });

  it('refuses a blank or too long idea, and any other field', () => {
    expect(expandBodySchema.safeParse({ idea: '  ' }).success).toBe(false);
    expect(expandBodySchema.safeParse({ idea: 'x'.repeat(AI_REQUEST_LIMITS.idea + 1) }).success).toBe(false);
    expect(expandBodySchema.safeParse({ idea: 'x', preferences: {} }).success).toBe(false);
  });
});

describe('conversationBodySchema', () => {
  it('takes up to the bound of messages; readyForPlan defaults to false', () => {
    const messages = Array.from({ length: AI_REQUEST_LIMITS.messages }, (_, i) => (i % 2 ? assistant('a') : user('u')));
    expect(conversationBodySchema.parse({ messages })).toEqual({ messages, readyForPlan: false });
    expect(conversationBodySchema.safeParse({ messages: [...messages, user('one more')] }).success).toBe(false);
  });

  it('refuses a conversation without user text, and a message with other fields', () => {
    expect(conversationBodySchema.safeParse({ messages: [] }).success).toBe(false);
    expect(conversationBodySchema.safeParse({ messages: [assistant('Hi'), user(' ')] }).success).toBe(false);
    expect(conversationBodySchema.safeParse({ messages: [{ ...user('Hi'), name: 'x' }] }).success).toBe(false);
  });
});

describe('chatBodySchema', () => {
  it("takes the note's content up to a note's bound, or none", () => {
    expect(
      chatBodySchema.safeParse({ messages: [user('Hi')], noteContent: 'x'.repeat(AI_REQUEST_LIMITS.noteContent) })
        .success,
    ).toBe(true);
    expect(chatBodySchema.safeParse({ messages: [user('Hi')], noteContent: null }).success).toBe(true);
    expect(
      chatBodySchema.safeParse({ messages: [user('Hi')], noteContent: 'x'.repeat(AI_REQUEST_LIMITS.noteContent + 1) })
        .success,
    ).toBe(false);
    expect(chatBodySchema.safeParse({ messages: [user('Hi')], profile: { name: 'Ann' } }).success).toBe(false);
  });
});

describe('actionItemsBodySchema', () => {
  const body = {
    noteId: '0b6f0a51-3a3f-4b6e-9a37-1c0d2f1e2a3b',
    title: 'Party',
    text: 'Book the venue by next Friday',
    today: '2026-03-24',
    timeZone: 'Europe/London',
  };

  it("takes a note's title and text within a note's bounds, the user's day and zone", () => {
    expect(actionItemsBodySchema.parse(body)).toEqual(body);
    expect(
      actionItemsBodySchema.safeParse({ ...body, title: '', text: 'x'.repeat(AI_REQUEST_LIMITS.noteText) }).success,
    ).toBe(true);
  });

  it('refuses a note without text, bounds passed, a day or zone that does not exist, another field', () => {
    const accepts = (change: Record<string, unknown>) =>
      actionItemsBodySchema.safeParse({ ...body, ...change }).success;
    expect(accepts({ title: ' ', text: '\n' })).toBe(false);
    expect(accepts({ text: 'x'.repeat(AI_REQUEST_LIMITS.noteText + 1) })).toBe(false);
    expect(accepts({ title: 'x'.repeat(AI_REQUEST_LIMITS.noteTitle + 1) })).toBe(false);
    expect(accepts({ today: '2026-02-30' })).toBe(false);
    expect(accepts({ today: '2026-03-24T10:00:00.000Z' })).toBe(false);
    expect(accepts({ timeZone: 'Mars/Olympus_Mons' })).toBe(false);
    expect(accepts({ noteId: 'note-1' })).toBe(false);
    expect(accepts({ preferences: {} })).toBe(false);
  });
});

describe('putKeyBodySchema', () => {
  it('takes a trimmed key of visible ASCII within the bound', () => {
    expect(putKeyBodySchema.parse({ apiKey: ' sk-or-v1-abc ' })).toEqual({ apiKey: 'sk-or-v1-abc' });
    expect(putKeyBodySchema.safeParse({ apiKey: 'k'.repeat(AI_REQUEST_LIMITS.apiKey + 1) }).success).toBe(false);
    expect(putKeyBodySchema.safeParse({ apiKey: 'sk or' }).success).toBe(false);
    expect(putKeyBodySchema.safeParse({ apiKey: 'sk-ö' }).success).toBe(false);
  });
});
