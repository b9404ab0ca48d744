// The retrieval evaluation as a library (`npm run eval:ai -- --retrieval`): a Sprout server of its own (or
// SPROUT_URL), a throwaway user with the fixed set's notes and 'Use my notes with the assistant' on, the
// index awaited; then per question the word search (lexical.ts), the search by meaning
// (/api/assistant/search) and their fusion ranked, and the answer from the notes (/api/ai/ask) scored.
// The CLI (run.ts) reads the environment; the CI check (retrieval-eval.test.ts) calls this with the fake.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { postNotes, signUp, startSprout, tempDir, type BenchUser } from '../../bench/lib/sprout';
import { aiTurn, serverHasKey, storeUserKey } from '../ai/sprout-client';
import { lexicalIndex } from './lexical';
import { firstRank, fuse, scoreAnswer } from './metrics';
import { formatTable, summarise, type QuestionReport, type RetrievalDocument } from './report';
import { RETRIEVAL_NOTES, type SetNote } from './set-notes';
import { RETRIEVAL_QUESTIONS, type SetQuestion } from './set-questions';

/** How many matches each ranking keeps (the search by meaning's default page). */
export const RANKING_DEPTH = 10;

export interface RetrievalEvalConfig {
  aiBaseUrl: string;
  apiKey: string | undefined;
  /** The model answering from the notes (the started server's AI_MODEL_CHAT). */
  modelChat?: string | undefined;
  /** The started server's AI_EMBEDDING_MODEL, AI_EMBEDDING_BASE_URL and AI_EMBEDDING_API_KEY. */
  embeddingModel?: string | undefined;
  embeddingBaseUrl?: string | undefined;
  embeddingApiKey?: string | undefined;
  /** Evaluate this Sprout server instead of starting one (its indexer runs at its own interval). */
  sproutUrl?: string | undefined;
  timeoutMs?: number | undefined;
  dataDir?: string | undefined;
  /** How long to wait for the index of the notes (default 10 minutes: a real model takes its time). */
  indexTimeoutMs?: number;
  notes?: readonly SetNote[];
  questions?: readonly SetQuestion[];
  onQuestion?: (report: QuestionReport, index: number, total: number) => void;
}

interface Target {
  url: string;
  close(): Promise<void>;
}

async function startTarget(config: RetrievalEvalConfig): Promise<Target> {
  if (config.sproutUrl) return { url: config.sproutUrl.replace(/\/+$/, ''), close: async () => undefined };
  if (!config.apiKey)
    throw new Error('set AI_API_KEY (or OPENROUTER_API_KEY) to the provider key; any text for a local server');
  const staticDir = tempDir('eval-static');
  const optional = (name: string, value: string | number | undefined) =>
    value === undefined ? {} : { [name]: String(value) };
  try {
    const sprout = await startSprout({
      dataDir: config.dataDir,
      env: {
        AI_BASE_URL: config.aiBaseUrl,
        OPENROUTER_API_KEY: config.apiKey,
        AI_API_KEY: '',
        ...optional('AI_MODEL_CHAT', config.modelChat),
        ...optional('AI_EMBEDDING_MODEL', config.embeddingModel),
        ...optional('AI_EMBEDDING_BASE_URL', config.embeddingBaseUrl),
        ...optional('AI_EMBEDDING_API_KEY', config.embeddingApiKey),
        ...optional('AI_TIMEOUT_MS', config.timeoutMs),
        // The indexer looks for new notes every 15 s by default: the run would mostly wait.
        ASSISTANT_INDEX_INTERVAL_MS: '200',
        SPROUT_SKIP_BUILD: '1',
        STATIC_DIR: staticDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_AI: '100000',
        RATE_LIMIT_SEARCH: '100000',
      },
    });
    return {
      url: sprout.url,
      async close() {
        await sprout.stop();
        fs.rmSync(sprout.dataDir, { recursive: true, force: true });
        fs.rmSync(staticDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(staticDir, { recursive: true, force: true });
    throw error;
  }
}

async function call<T>(user: BenchUser, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${user.url}${path}`, {
    method,
    headers: { ...user.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface AssistantStatus {
  enabled: boolean;
  model: string;
  indexedNotes: number;
  pendingNotes: number;
}

/** Turns the assistant on for the user and waits until every note is in the index; resolves with the status. */
async function indexNotes(user: BenchUser, count: number, timeoutMs: number): Promise<AssistantStatus> {
  await call(user, 'PUT', '/api/assistant/settings', { enabled: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await call<AssistantStatus>(user, 'GET', '/api/assistant/status');
    if (status.pendingNotes === 0 && status.indexedNotes >= count) return status;
    if (Date.now() > deadline)
      throw new Error(`the index holds ${status.indexedNotes} of ${count} notes after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function runRetrievalEval(config: RetrievalEvalConfig): Promise<RetrievalDocument> {
  const notes = config.notes ?? RETRIEVAL_NOTES;
  const questions = config.questions ?? RETRIEVAL_QUESTIONS;
  const target = await startTarget(config);
  try {
    const user = await signUp(target.url);
    if (config.sproutUrl && !(await serverHasKey(user))) {
      if (!config.apiKey)
        throw new Error(`${config.sproutUrl} has no provider key: set AI_API_KEY for the evaluation user`);
      await storeUserKey(user, config.apiKey);
    }
    // Each run writes the set under new ids; the server's ids map back to the set's.
    const uuidOf = new Map(notes.map((note) => [note.id, randomUUID()]));
    const setIdOf = new Map<string, string>([...uuidOf].map(([setId, uuid]) => [uuid, setId]));
    const now = new Date().toISOString();
    await postNotes(
      user,
      notes.map((note) => ({
        id: uuidOf.get(note.id),
        user_id: user.userId,
        title: note.title,
        content: note.content,
        created_at: now,
        updated_at: now,
        last_mutation_id: randomUUID(),
      })),
    );
    const indexStarted = performance.now();
    const status = await indexNotes(user, notes.length, config.indexTimeoutMs ?? 600_000);
    const indexMs = performance.now() - indexStarted;

    const words = lexicalIndex(notes);
    // A note the set does not hold (the server's mistake, or a note of the user's from before) stays visible.
    const setId = (uuid: string) => setIdOf.get(uuid) ?? `not-in-set:${uuid}`;
    const reports: QuestionReport[] = [];
    for (const [index, question] of questions.entries()) {
      const lexical = words.search(question.text, RANKING_DEPTH);
      const { matches } = await call<{ matches: { noteId: string; score: number }[] }>(
        user,
        'POST',
        '/api/assistant/search',
        { query: question.text, limit: RANKING_DEPTH },
      );
      const meaning = matches.map((match) => ({ id: setId(match.noteId), score: match.score }));
      const fused = fuse(lexical, meaning).slice(0, RANKING_DEPTH);
      const turn = await aiTurn(user, 'ask', { question: question.text });
      const cited = turn.sources.map((source) => setIdOf.get(source.noteId) ?? null);
      const report: QuestionReport = {
        id: question.id,
        kind: question.kind,
        question: question.text,
        targets: [...question.targets],
        rankings: { lexical, meaning: meaning.map((m) => m.id), fused },
        ranks: {
          lexical: firstRank(lexical, question.targets),
          meaning: firstRank(
            meaning.map((m) => m.id),
            question.targets,
          ),
          fused: firstRank(fused, question.targets),
        },
        topMeaningScore: meaning[0]?.score ?? null,
        answer: {
          ok: turn.ok,
          text: turn.text,
          cited: cited.map((id, at) => id ?? `not-in-set:${turn.sources[at]!.noteId}`),
          ...scoreAnswer(
            { text: turn.text, cited },
            question.targets,
            meaning.map((m) => m.id),
          ),
          error: turn.error ? `${turn.error.code}: ${turn.error.message}` : null,
          latencyMs: Math.round(turn.latencyMs),
        },
      };
      reports.push(report);
      config.onQuestion?.(report, index, questions.length);
    }
    return {
      generatedAt: new Date().toISOString(),
      target: {
        sproutUrl: target.url,
        aiBaseUrl: config.sproutUrl ? null : config.aiBaseUrl,
        modelChat: config.sproutUrl ? null : (config.modelChat ?? null),
        embeddingModel: status.model,
      },
      set: { notes: notes.length, questions: questions.length, indexMs: Math.round(indexMs) },
      summary: summarise(reports),
      questions: reports,
    };
  } finally {
    await target.close();
  }
}

/** Writes the JSON document; returns the tables for stdout. */
export function writeRetrievalReport(document: RetrievalDocument, outFile: string): string {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, `${JSON.stringify(document, null, 2)}\n`);
  return formatTable(document);
}
