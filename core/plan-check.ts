// Whether an assistant's answer is the plan the prompt asked for (spec section 4: Goal Summary,
// Expanded Plan, numbered Action Steps). The server checks every plan answer with this before it
// calls the turn a success; the evaluation script reports it per idea.
import { extractActionSteps } from './action-steps';

export type PlanProblem = 'goal_summary' | 'expanded_plan' | 'action_steps';

export interface PlanCheck {
  ok: boolean;
  /** What is missing, in the order of the format. */
  problems: PlanProblem[];
  steps: string[];
}

const PROBLEM_TEXT: Record<PlanProblem, string> = {
  goal_summary: "the 'Goal Summary' section is missing",
  expanded_plan: "the 'Expanded Plan' section is missing",
  action_steps: "the 'Action Steps:' section has no numbered steps",
};

/** A heading line: the words alone on their line, maybe as markdown (#, bold) or with a colon. */
function hasHeading(text: string, words: string): boolean {
  const pattern = new RegExp(
    `^[ \\t]*(?:#{1,6}[ \\t]+)?(?:\\d{1,2}[.)][ \\t]*)?(?:\\*\\*|__)?[ \\t]*${words}[ \\t]*:?[ \\t]*(?:\\*\\*|__)?:?[ \\t]*$`,
    'im',
  );
  return pattern.test(text);
}

export function checkPlan(text: string): PlanCheck {
  const steps = extractActionSteps(text);
  const problems: PlanProblem[] = [];
  if (!hasHeading(text, 'goal[ \\t]+summary')) problems.push('goal_summary');
  if (!hasHeading(text, 'expanded[ \\t]+plan')) problems.push('expanded_plan');
  if (steps.length === 0) problems.push('action_steps');
  return { ok: problems.length === 0, problems, steps };
}

/** The problems in words, for the corrective instruction and the evaluation report. */
export function describePlanProblems(problems: readonly PlanProblem[]): string {
  return problems.map((p) => PROBLEM_TEXT[p]).join('; ');
}
