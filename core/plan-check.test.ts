import { describe, expect, it } from 'vitest';
import { checkPlan, describePlanProblems } from './plan-check';

const plan = [
  'Goal Summary',
  'Run 5 km by June.',
  '',
  'Expanded Plan',
  'Train three times a week.',
  '',
  'Action Steps:',
  '1. Buy shoes',
  '2. Run 2 km on Monday',
].join('\n');

describe('checkPlan', () => {
  it('accepts the three sections with numbered steps, plain or as markdown', () => {
    expect(checkPlan(plan)).toEqual({ ok: true, problems: [], steps: ['Buy shoes', 'Run 2 km on Monday'] });
    const markdown = plan
      .replace('Goal Summary', '## Goal Summary')
      .replace('Expanded Plan', '**Expanded Plan:**')
      .replace('Action Steps:', '### Action Steps');
    expect(checkPlan(markdown).ok).toBe(true);
  });

  it('refuses a question, and a plan without steps, saying what is missing', () => {
    expect(checkPlan('Great idea! What is your budget?').problems).toEqual([
      'goal_summary',
      'expanded_plan',
      'action_steps',
    ]);
    const noSteps = plan.split('Action Steps:')[0]!;
    const check = checkPlan(noSteps);
    expect(check).toMatchObject({ ok: false, problems: ['action_steps'], steps: [] });
    expect(describePlanProblems(check.problems)).toBe("the 'Action Steps:' section has no numbered steps");
  });

  it('does not take the words inside a sentence for a heading', () => {
    expect(
      checkPlan('Your goal summary is vague and the expanded plan needs work.\nAction Steps:\n1. Think').problems,
    ).toEqual(['goal_summary', 'expanded_plan']);
  });
});
