// The bodies the screens send: a chat of any length goes within the server's bounds (its own schema,
// core/ai-requests-schema.ts, accepts it), keeping the opening idea and the latest turns.
import { describe, expect, it, vi } from 'vitest';
import { AI_REQUEST_LIMITS } from '#core/ai-requests';
import { chatBodySchema, conversationBodySchema, expandBodySchema } from '#core/ai-requests-schema';
import type { ChatMessage } from '#core/note';
import { boundMessages, requestChat, requestConversation, requestExpansion } from './ai-requests';

const chat = (turns: number): ChatMessage[] =>
  Array.from({ length: turns }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: i === 0 ? 'The idea' : `Turn ${i}`,
  }));

/** Captures what streamAi would POST, answering with an empty reply. */
function capture() {
  const sent: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    sent.push({ url: String(url), body: JSON.parse(String(init?.body)) as unknown });
    const body = 'event: done\ndata: {"text":"ok","usingFallback":false}\n\n';
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  return { sent, fetchMock };
}

describe('boundMessages', () => {
  it('keeps a short chat as it is, without system messages', () => {
    const messages: ChatMessage[] = [{ role: 'system', content: 'x' }, ...chat(3)];
    expect(boundMessages(messages)).toEqual(chat(3));
  });

  it("sends a long chat as the opening idea and the latest turns, within the server's bound", () => {
    const bounded = boundMessages(chat(AI_REQUEST_LIMITS.messages + 51));
    expect(bounded).toHaveLength(AI_REQUEST_LIMITS.messages);
    expect(bounded[0]).toEqual({ role: 'user', content: 'The idea' });
    expect(bounded.at(-1)).toEqual(chat(AI_REQUEST_LIMITS.messages + 51).at(-1));
    expect(conversationBodySchema.safeParse({ messages: bounded }).success).toBe(true);
  });
});

describe('the requests', () => {
  it("send bodies the server's schemas accept, however long the chat or the note", async () => {
    const { sent, fetchMock } = capture();
    // The request functions hand their options to streamAi as they are: here with the tests' transport.
    const transport = { fetch: fetchMock, getAccessToken: async () => 'token', isOnline: () => true } as Parameters<
      typeof requestExpansion
    >[1];
    await requestExpansion('Learn Spanish', transport);
    await requestConversation(chat(AI_REQUEST_LIMITS.messages + 10), true, transport);
    await requestChat(chat(5), 'n'.repeat(AI_REQUEST_LIMITS.noteContent + 10), transport);
    expect(sent.map((s) => s.url)).toEqual(['/api/ai/expand', '/api/ai/conversation', '/api/ai/chat']);
    expect(expandBodySchema.safeParse(sent[0]?.body).success).toBe(true);
    expect(conversationBodySchema.safeParse(sent[1]?.body).success).toBe(true);
    expect(chatBodySchema.safeParse(sent[2]?.body).success).toBe(true);
  });
});
