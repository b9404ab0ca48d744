// The fake AI provider's vocabulary: scripted reply and recorded request types, the default replies
// (chosen by markers in the system prompt), how a text is split into stream deltas and how an
// embeddings request is read. Node-free.

/** The system prompt of a plan request contains this; the default reply is then a full plan. */
export const FAKE_PLAN_MARKER = 'PLAN FORMAT (required)';
/** The system prompt of an answer from the user's notes contains this (server/src/ai/meaning/ask.ts). */
export const FAKE_ASK_MARKER = 'Answer only from the numbered notes below.';
/** The system prompt of a tag suggestion contains this (server/src/ai/meaning/tag-suggestions.ts). */
export const FAKE_TAGS_MARKER = 'Suggest tags for the note below.';
/** The system prompt of 'Find action items' contains this (server/src/ai/prompts.ts ACTION_ITEMS_MARKER). */
export const FAKE_ACTION_ITEMS_MARKER = 'ACTION ITEMS (required)';
/** The spec's fallback system message; the default reply is then a short answer. */
export const FAKE_FALLBACK_SYSTEM = 'You are a helpful assistant that provides concise and clear answers.';

export const DEFAULT_QUESTION_REPLY =
  'That sounds like a great idea! What would success look like for you, and by when would you like to get there?';
export const DEFAULT_FALLBACK_REPLY =
  'Here is a concise answer: start small, set a clear deadline, and take the first step today.';
export const DEFAULT_PLAN_STEPS = [
  'Write down what success looks like and the date you want to reach it',
  'Break the goal into four weekly milestones',
  'Block two sessions in your calendar for the first milestone',
  'Gather the tools and resources you need',
  'Review your progress every Sunday and adjust the plan',
  'Celebrate the finish and decide what comes next',
];
export const DEFAULT_PLAN_REPLY = [
  'Goal Summary',
  'Turn this idea into a specific, measurable result you can reach within 30 days. Success means a finished first version that you can show to someone else.',
  '',
  'Expanded Plan',
  'Start by defining the outcome precisely: what exists at the end, how you will measure it, and the date you commit to.',
  'Next, split the work into weekly milestones so that every week ends with something visible. Keep the first milestone small so you build momentum.',
  'Finally, protect the time: two focused sessions a week are enough when they are in your calendar. Review each Sunday and adjust the plan instead of abandoning it.',
  '',
  'Action Steps:',
  ...DEFAULT_PLAN_STEPS.map((step, i) => `${i + 1}. ${step}`),
].join('\n');

export const DEFAULT_MODEL_IDS = ['openai/gpt-4o-mini', 'openai/gpt-3.5-turbo', 'meta-llama/llama-3.1-8b-instruct'];

export type FakeEndpoint = 'chat' | 'models' | 'embeddings';

interface ReplyTiming {
  /** Wait this long before sending the status line and headers (a slow first byte). */
  firstByteDelayMs?: number;
  /**
   * Only answer a request whose raw body contains this text (e.g. an idea unique to one test), so
   * specs running in parallel against one fake do not take each other's replies.
   */
  match?: string;
  /** Answer only after release() (or POST /__release): a request left in flight. */
  hold?: boolean;
}

/** One scripted answer. `endpoint` (default 'chat') says which endpoint's queue it belongs to. */
export type FakeReply =
  | (ReplyTiming & {
      kind: 'text';
      /** The reply (may be left out when `deltas` is given). */
      text?: string;
      /** Split the text into this many deltas (default: up to 8, on word boundaries). */
      chunks?: number;
      /** Or give the deltas explicitly (their concatenation replaces `text`). */
      deltas?: string[];
      /** Pause between deltas when streaming. */
      chunkDelayMs?: number;
      /** Destroy the socket after this many content deltas (a stream cut mid-way). */
      cutAfterChunks?: number;
      /** Stop after this many content deltas until release() (or POST /__release) is called. */
      holdAfterChunks?: number;
      finishReason?: string;
      endpoint?: 'chat';
    })
  | (ReplyTiming & {
      kind: 'error';
      status: number;
      /** A string is sent as is, anything else as JSON. Default: an OpenRouter-style error object. */
      body?: unknown;
      /** Sent as the Retry-After header. */
      retryAfter?: string | number;
      headers?: Record<string, string>;
      endpoint?: FakeEndpoint;
    })
  | (ReplyTiming & {
      kind: 'garbage';
      /** A 200 response whose body is not what the endpoint promises. */
      body?: string;
      contentType?: string;
      endpoint?: FakeEndpoint;
    })
  | (ReplyTiming & {
      kind: 'empty';
      /** empty-content: a choice whose content is ''; no-choices: `choices: []`. Embeddings: `data: []`. */
      shape?: 'empty-content' | 'no-choices';
      endpoint?: 'chat' | 'embeddings';
    })
  | (ReplyTiming & { kind: 'models'; ids: string[]; endpoint?: 'models' })
  | (ReplyTiming & { kind: 'default'; endpoint?: FakeEndpoint });

export interface FakeRequest {
  id: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The parsed JSON body, or the raw text when it was not JSON; null without a body. */
  body: unknown;
  endpoint: FakeEndpoint | 'other';
  /** The body's `model`, when it names one. */
  model: string | null;
  /** Embeddings: the texts asked for, as the body gave them (null when it gave something else). */
  inputs: string[] | null;
  stream: boolean;
  /** plan / fallback / conversation: what the default reply would be for this request. */
  flavour: 'plan' | 'fallback' | 'conversation' | 'ask' | 'tags' | 'action-items' | 'none';
  /** Which reply kind was served. */
  served: FakeReply['kind'] | 'unauthorized' | 'bad_request' | 'not_found';
  /** The response ended normally. */
  completed: boolean;
  /** The connection closed before the response ended (the client went away, or a cut stream). */
  closedEarly: boolean;
  /** How many content deltas were written (streaming only). */
  deltasSent: number;
}

export type FakeResponder = (request: FakeRequest) => FakeReply | undefined;

export function flavourOf(body: unknown): FakeRequest['flavour'] {
  if (!isRecord(body) || !Array.isArray(body.messages)) return 'none';
  const system = body.messages
    .filter((m): m is { role: string; content: unknown } => isRecord(m) && m.role === 'system')
    .map((m) => (typeof m.content === 'string' ? m.content : ''))
    .join('\n');
  if (system.trim() === FAKE_FALLBACK_SYSTEM) return 'fallback';
  if (system.includes(FAKE_PLAN_MARKER)) return 'plan';
  if (system.includes(FAKE_ASK_MARKER)) return 'ask';
  if (system.includes(FAKE_TAGS_MARKER)) return 'tags';
  if (system.includes(FAKE_ACTION_ITEMS_MARKER)) return 'action-items';
  return 'conversation';
}

function messagesOf(body: unknown, role: string): string {
  return isRecord(body) && Array.isArray(body.messages)
    ? body.messages
        .filter(
          (m): m is { role: string; content: string } =>
            isRecord(m) && m.role === role && typeof m.content === 'string',
        )
        .map((m) => m.content)
        .join('\n')
    : '';
}

const TAG_STOPWORDS = new Set(
  'about after again also before being from have into just make more most need note only over plan some than that them then they this want what when will with your'.split(
    ' ',
  ),
);

/**
 * The default tag suggestion, as a model following the prompt would: the user's listed tags that the
 * note's words name (up to two), then one new tag from the first long word of the note's title.
 */
export function tagsReply(body: unknown): string {
  const listed = /most used first: ([^\n]*)\. Propose/.exec(messagesOf(body, 'system'))?.[1] ?? '';
  const existing = listed ? listed.split(', ') : [];
  const note = messagesOf(body, 'user')
    .replace(/<\/?note_content>/g, '')
    .trim();
  const words = new Set(note.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const chosen = existing.filter((tag) => tag.split(/[/-]/).some((name) => words.has(name))).slice(0, 2);
  const title = note.split('\n')[0] ?? '';
  const fresh = (title.toLowerCase().match(/[\p{L}]{4,}/gu) ?? []).find(
    (word) => !TAG_STOPWORDS.has(word) && !chosen.includes(word),
  );
  return [...chosen, ...(fresh ? [fresh] : [])].join(', ');
}

/**
 * The default answer from notes: it quotes the first source's first line and cites it, as a model
 * following the prompt would (`[1] Title` then its passage, in <note_source> fences).
 */
export function askReply(body: unknown): string {
  const system = messagesOf(body, 'system');
  const first = /<note_source>\n\[1\] ([^\n]*)\n([^\n]*)/.exec(system);
  return first ? `Your note "${first[1]}" says: ${first[2]} [1]` : 'Your notes do not say.';
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
// A deadline in a step, with the word that introduces it: 'by next Friday', 'tomorrow', 'next week'.
const FAKE_DATE_PHRASE = new RegExp(
  String.raw`\s*\b(?:(?:by|on|before|until)\s+)?(?:(?:next|this)\s+)?(${WEEKDAYS.join('|')}|tomorrow|week)\b`,
  'i',
);

/** `today` plus `days`, both `YYYY-MM-DD`. */
function addDays(today: string, days: number): string {
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The day a phrase names, counted from today: a weekday is the next one after today, 'week' a week on. */
function fakeDue(word: string, today: string): string {
  const lower = word.toLowerCase();
  if (lower === 'tomorrow') return addDays(today, 1);
  if (lower === 'week') return addDays(today, 7);
  const from = new Date(`${today}T00:00:00.000Z`).getUTCDay();
  const ahead = (WEEKDAYS.indexOf(lower) - from + 7) % 7 || 7;
  return addDays(today, ahead);
}

/**
 * The default 'Find action items' answer, as a model following the prompt would, kept simple and
 * deterministic: each sentence of the note (its title line left out), split again at 'and', is a step;
 * a step naming a weekday, 'tomorrow' or 'next week' loses those words and ends with ` (due YYYY-MM-DD)`
 * counted from the prompt's date. At most 10; 'No action items.' for a note without text.
 */
export function actionItemsReply(body: unknown): string {
  const today = /Today's date is (\d{4}-\d{2}-\d{2})/.exec(messagesOf(body, 'system'))?.[1];
  const note = messagesOf(body, 'user')
    .replace(/<\/?note_content>/g, '')
    .trim();
  const lines = note.split('\n');
  const text = (lines.length > 1 ? lines.slice(1) : lines).join('\n');
  const steps = text
    .split(/[\n.;!?]+/)
    .flatMap((sentence) => sentence.split(/,?\s+and\s+/i))
    .map((clause) => clause.replace(/^[\s\-*\d.)]+/, '').trim())
    .filter((clause) => clause.length > 2)
    .slice(0, 10)
    .map((clause, index) => {
      const phrase = FAKE_DATE_PHRASE.exec(clause);
      const due = phrase?.[1] && today ? fakeDue(phrase[1], today) : undefined;
      const words = (due ? clause.replace(FAKE_DATE_PHRASE, '') : clause).trim();
      const step = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
      return `${index + 1}. ${step}${due ? ` (due ${due})` : ''}`;
    });
  return steps.length > 0 ? steps.join('\n') : 'No action items.';
}

export function defaultText(flavour: FakeRequest['flavour'], body?: unknown): string {
  if (flavour === 'ask') return askReply(body);
  if (flavour === 'action-items') return actionItemsReply(body);
  if (flavour === 'tags') return tagsReply(body);
  if (flavour === 'plan') return DEFAULT_PLAN_REPLY;
  if (flavour === 'fallback') return DEFAULT_FALLBACK_REPLY;
  return DEFAULT_QUESTION_REPLY;
}

/** Splits text into at most `count` pieces on word boundaries; joined, they give the text back. */
export function splitIntoChunks(text: string, count: number): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [text];
  const n = Math.max(1, Math.min(Math.floor(count) || 1, words.length));
  const size = Math.ceil(words.length / n);
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += size) chunks.push(words.slice(i, i + size).join(''));
  return chunks.length > 0 ? chunks : [''];
}

/** OpenAI's limits for one embeddings request. */
export const EMBEDDINGS_MAX_INPUTS = 2048;
export const EMBEDDINGS_MAX_INPUT_TOKENS = 8192;
export const EMBEDDINGS_MAX_DIMENSIONS = 3072;

/** A rough token count, as the fake bills and limits them: about four characters a token. */
export function approximateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export interface EmbeddingsRequest {
  model: string;
  inputs: string[];
  encoding: 'float' | 'base64';
  dimensions: number;
}

export type EmbeddingsRequestProblem = { message: string; param: string; code: string };

/** The texts of an embeddings `input`, when it is a string or an array of strings (token arrays are not taken). */
export function embeddingInputs(body: unknown): string[] | null {
  if (!isRecord(body)) return null;
  if (typeof body.input === 'string') return [body.input];
  if (Array.isArray(body.input) && body.input.every((item) => typeof item === 'string')) return body.input;
  return null;
}

/** Reads a POST /v1/embeddings body as OpenAI does, or says what is wrong with it. */
export function readEmbeddingsRequest(body: unknown): EmbeddingsRequest | EmbeddingsRequestProblem {
  if (!isRecord(body)) return { message: 'The request body must be a JSON object.', param: '', code: 'invalid_body' };
  if (typeof body.model !== 'string' || body.model === '') {
    return { message: "'model' is required.", param: 'model', code: 'missing_model' };
  }
  if (body.input === undefined || body.input === null) {
    return { message: "'input' is required.", param: 'input', code: 'missing_input' };
  }
  if (Array.isArray(body.input) && body.input.length > EMBEDDINGS_MAX_INPUTS) {
    return {
      message: `'input' may hold at most ${EMBEDDINGS_MAX_INPUTS} items, not ${body.input.length}.`,
      param: 'input',
      code: 'too_many_inputs',
    };
  }
  const inputs = embeddingInputs(body);
  if (inputs === null) {
    return { message: "'input' must be a string or an array of strings.", param: 'input', code: 'invalid_input' };
  }
  if (inputs.length === 0 || inputs.some((text) => text === '')) {
    return { message: "'input' must not be empty, nor hold an empty string.", param: 'input', code: 'empty_input' };
  }
  const longest = Math.max(...inputs.map(approximateTokens));
  if (longest > EMBEDDINGS_MAX_INPUT_TOKENS) {
    return {
      message: `This model's maximum context length is ${EMBEDDINGS_MAX_INPUT_TOKENS} tokens, however you requested ${longest} tokens.`,
      param: 'input',
      code: 'context_length_exceeded',
    };
  }
  const encoding = body.encoding_format ?? 'float';
  if (encoding !== 'float' && encoding !== 'base64') {
    return {
      message: "'encoding_format' must be 'float' or 'base64'.",
      param: 'encoding_format',
      code: 'invalid_value',
    };
  }
  const dimensions = body.dimensions ?? defaultDimensions(body.model);
  if (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1) {
    return { message: "'dimensions' must be a positive integer.", param: 'dimensions', code: 'invalid_value' };
  }
  if (dimensions > EMBEDDINGS_MAX_DIMENSIONS) {
    return {
      message: `'dimensions' may be at most ${EMBEDDINGS_MAX_DIMENSIONS}.`,
      param: 'dimensions',
      code: 'invalid_value',
    };
  }
  return { model: body.model, inputs, encoding, dimensions };
}

/** What the named OpenAI model returns when `dimensions` is not given. */
export function defaultDimensions(model: string): number {
  return model.includes('text-embedding-3-large') ? 3072 : 1536;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
