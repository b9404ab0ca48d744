// One evaluation run (issue 11): for each idea, the creation flow as a user would go through it (the idea,
// answers to the assistant's questions until it stops asking or has asked CREATION_FLOW_MAX_QUESTIONS,
// then Create Plan) and one chat turn about the plan, all through Sprout's HTTP API; then the plan is
// checked with the server's own rules (core/plan-check.ts) and each step with step-quality.ts. Ideas run
// one after another, so the provider calls seen by the proxy between two marks belong to one idea.
import type { ChatMessage } from '#core/note';
import { checkPlan, type PlanProblem } from '#core/plan-check';
import { CHAT_QUESTION, OUT_OF_ANSWERS, type EvalIdea } from './ideas';
import { aiTurn, type EvalUser, type TurnResult } from './sprout-client';
import { assessStep, questionsIn, type StepQuality } from './step-quality';
import type { ProviderCall, Usage } from './usage-proxy';

/** The creation flow's question cap (server/src/ai/prompts.ts CREATION_FLOW_MAX_QUESTIONS): the user then presses Create Plan. */
export const MAX_QUESTIONS = 5;
/** A safety stop for a model that keeps asking without question marks, or answers with empty replies. */
export const MAX_CONVERSATION_TURNS = 6;

export interface TurnError {
  code: string;
  message: string;
  requestId?: string;
}

export interface IdeaReport {
  id: string;
  idea: string;
  /** Question groups ('?') in the assistant's replies before Create Plan. */
  questionsBeforePlan: number;
  conversationTurns: number;
  plan: {
    /** The answer followed the required format (Goal Summary, Expanded Plan, numbered Action Steps). */
    conforms: boolean;
    problems: PlanProblem[];
    /** The server asked the model again because the first answer did not conform. */
    retried: boolean;
    stepCount: number;
    steps: (StepQuality & { text: string })[];
    verbFirstSteps: number;
    concreteSteps: number;
    error: TurnError | null;
  };
  chat: { ok: boolean; chars: number; error: TurnError | null };
  /** Summed over the idea's provider calls; null when no call reported usage (or the proxy is not in the path). */
  tokens: Usage | null;
  providerCalls: number | null;
  latencyMs: { conversation: number; plan: number; chat: number };
}

export interface EvalRunOptions {
  user: EvalUser;
  ideas: readonly EvalIdea[];
  /** The proxy's record of provider calls, when it is in the path. */
  calls?: readonly ProviderCall[];
  onIdea?: (report: IdeaReport, index: number) => void;
}

function errorOf(turn: TurnResult): TurnError | null {
  if (!turn.error) return null;
  return {
    code: turn.error.code,
    message: turn.error.message,
    ...(turn.error.requestId ? { requestId: turn.error.requestId } : {}),
  };
}

export function sumUsage(calls: readonly ProviderCall[]): Usage | null {
  const reported = calls.filter((c) => c.usage !== null);
  if (reported.length === 0) return null;
  return reported.reduce<Usage>(
    (sum, c) => ({
      promptTokens: sum.promptTokens + (c.usage?.promptTokens ?? 0),
      completionTokens: sum.completionTokens + (c.usage?.completionTokens ?? 0),
      totalTokens: sum.totalTokens + (c.usage?.totalTokens ?? 0),
    }),
    { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
  );
}

export async function evaluateIdea(
  user: EvalUser,
  idea: EvalIdea,
  calls?: readonly ProviderCall[],
): Promise<IdeaReport> {
  const firstCall = calls?.length ?? 0;
  const messages: ChatMessage[] = [{ role: 'user', content: idea.idea }];
  let questions = 0;
  let turns = 0;
  let conversationMs = 0;
  let conversationError: TurnError | null = null;
  while (turns < MAX_CONVERSATION_TURNS) {
    const reply = await aiTurn(user, 'conversation', { messages, readyForPlan: false });
    conversationMs += reply.latencyMs;
    if (!reply.ok) {
      conversationError = errorOf(reply);
      break;
    }
    turns += 1;
    messages.push({ role: 'assistant', content: reply.text });
    const asked = questionsIn(reply.text);
    questions += asked;
    if (asked === 0 || questions >= MAX_QUESTIONS) break;
    messages.push({ role: 'user', content: idea.answers[turns - 1] ?? OUT_OF_ANSWERS });
  }

  // Create Plan: the same conversation, ready for the plan (the browser sends exactly this).
  const plan = conversationError ? null : await aiTurn(user, 'conversation', { messages, readyForPlan: true });
  const check = plan?.ok ? checkPlan(plan.text) : null;
  const steps = (check?.steps ?? []).map((text) => ({ text, ...assessStep(text) }));

  const chat = await aiTurn(user, 'chat', {
    messages: [{ role: 'user', content: CHAT_QUESTION }],
    noteContent: plan?.ok ? plan.text : idea.idea,
  });

  const mine = calls ? calls.slice(firstCall) : null;
  return {
    id: idea.id,
    idea: idea.idea,
    questionsBeforePlan: questions,
    conversationTurns: turns,
    plan: {
      conforms: check?.ok ?? false,
      // Unknown without an answer to check (then `error` says why: no_plan, a provider failure...).
      problems: check ? check.problems : [],
      retried: (plan?.restarts ?? 0) > 0,
      stepCount: steps.length,
      steps,
      verbFirstSteps: steps.filter((s) => s.verbFirst).length,
      concreteSteps: steps.filter((s) => s.concrete).length,
      error: conversationError ?? (plan ? errorOf(plan) : null),
    },
    chat: { ok: chat.ok, chars: chat.ok ? chat.text.length : 0, error: errorOf(chat) },
    tokens: mine ? sumUsage(mine) : null,
    providerCalls: mine ? mine.length : null,
    latencyMs: {
      conversation: Math.round(conversationMs),
      plan: Math.round(plan?.latencyMs ?? 0),
      chat: Math.round(chat.latencyMs),
    },
  };
}

export async function runEvaluation(options: EvalRunOptions): Promise<IdeaReport[]> {
  const reports: IdeaReport[] = [];
  for (const [index, idea] of options.ideas.entries()) {
    const report = await evaluateIdea(options.user, idea, options.calls);
    reports.push(report);
    options.onIdea?.(report, index);
  }
  return reports;
}
