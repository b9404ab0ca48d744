// The evaluation's outputs: the JSON document written to a file and the summary table printed on stdout.
// Pure: no I/O.
import type { IdeaReport } from './evaluate';

export interface EvalSummary {
  ideas: number;
  plansConforming: number;
  plansRetried: number;
  meanQuestionsBeforePlan: number;
  meanSteps: number;
  /** Over all steps of all plans. */
  verbFirstShare: number | null;
  concreteShare: number | null;
  chatsOk: number;
  totalTokens: number | null;
  medianLatencyMs: { conversation: number; plan: number; chat: number };
}

export interface EvalDocument {
  generatedAt: string;
  target: { sproutUrl: string; aiBaseUrl: string | null; modelChat: string | null; modelExpand: string | null };
  summary: EvalSummary;
  ideas: IdeaReport[];
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function summarise(reports: readonly IdeaReport[]): EvalSummary {
  const steps = reports.reduce((n, r) => n + r.plan.stepCount, 0);
  const withTokens = reports.filter((r) => r.tokens !== null);
  return {
    ideas: reports.length,
    plansConforming: reports.filter((r) => r.plan.conforms).length,
    plansRetried: reports.filter((r) => r.plan.retried).length,
    meanQuestionsBeforePlan: round(mean(reports.map((r) => r.questionsBeforePlan))),
    meanSteps: round(mean(reports.map((r) => r.plan.stepCount))),
    verbFirstShare: steps === 0 ? null : round(reports.reduce((n, r) => n + r.plan.verbFirstSteps, 0) / steps),
    concreteShare: steps === 0 ? null : round(reports.reduce((n, r) => n + r.plan.concreteSteps, 0) / steps),
    chatsOk: reports.filter((r) => r.chat.ok).length,
    totalTokens: withTokens.length === 0 ? null : withTokens.reduce((n, r) => n + (r.tokens?.totalTokens ?? 0), 0),
    medianLatencyMs: {
      conversation: Math.round(median(reports.map((r) => r.latencyMs.conversation))),
      plan: Math.round(median(reports.map((r) => r.latencyMs.plan))),
      chat: Math.round(median(reports.map((r) => r.latencyMs.chat))),
    },
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const share = (part: number, whole: number) => (whole === 0 ? '-' : `${part}/${whole}`);

/** The per-idea table and the summary, as plain text. */
export function formatTable(reports: readonly IdeaReport[], summary: EvalSummary): string {
  const header = [
    '#',
    'idea',
    'Q',
    'plan',
    'steps',
    'verb',
    'concrete',
    'chat',
    'tokens',
    'conv s',
    'plan s',
    'chat s',
  ];
  const rows = reports.map((r, i) => [
    String(i + 1),
    r.id,
    String(r.questionsBeforePlan),
    r.plan.conforms ? (r.plan.retried ? 'ok (retried)' : 'ok') : `NO${r.plan.error ? ` (${r.plan.error.code})` : ''}`,
    String(r.plan.stepCount),
    share(r.plan.verbFirstSteps, r.plan.stepCount),
    share(r.plan.concreteSteps, r.plan.stepCount),
    r.chat.ok ? 'ok' : `NO (${r.chat.error?.code ?? '?'})`,
    r.tokens ? String(r.tokens.totalTokens) : '-',
    seconds(r.latencyMs.conversation),
    seconds(r.latencyMs.plan),
    seconds(r.latencyMs.chat),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => (row[c] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === 1 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  ');
  const pct = (value: number | null) => (value === null ? '-' : `${Math.round(value * 100)}%`);
  return [
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `plans conforming: ${summary.plansConforming}/${summary.ideas} (retried: ${summary.plansRetried}); chats ok: ${summary.chatsOk}/${summary.ideas}`,
    `questions before the plan: mean ${summary.meanQuestionsBeforePlan}; steps: mean ${summary.meanSteps}; verb-first ${pct(summary.verbFirstShare)}, concrete ${pct(summary.concreteShare)}`,
    `tokens: ${summary.totalTokens ?? 'not reported'}; median latency: conversation ${seconds(summary.medianLatencyMs.conversation)} s, plan ${seconds(summary.medianLatencyMs.plan)} s, chat ${seconds(summary.medianLatencyMs.chat)} s`,
  ].join('\n');
}
