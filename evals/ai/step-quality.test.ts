import { describe, expect, it } from 'vitest';
import { assessStep, isVerb, questionsIn } from './step-quality';

describe('assessStep', () => {
  it('takes a step that opens with an imperative verb as verb-first', () => {
    expect(assessStep('Book two sessions in your calendar').verbFirst).toBe(true);
    expect(assessStep('**Research** local running clubs').verbFirst).toBe(true);
    expect(assessStep('Prioritize the three biggest costs').firstWord).toBe('Prioritize');
  });

  it('looks past a short label such as "Week 1:"', () => {
    const step = assessStep('Week 1: Draft the menu for the first dinner');
    expect(step.verbFirst).toBe(true);
    expect(step.firstWord).toBe('Draft');
  });

  it('does not take nouns, pronouns or a long lead-in before a colon for a verb', () => {
    expect(assessStep('Motivation is key to success').verbFirst).toBe(false);
    expect(assessStep('You should think about the budget').verbFirst).toBe(false);
    expect(assessStep('The most important thing to keep in mind here: stay calm').verbFirst).toBe(false);
  });

  it('calls a step concrete when it has a number, a time or a named object, and says which', () => {
    expect(assessStep('Run 5 km three times a week').reasons).toEqual(['number', 'time']);
    expect(assessStep('Sign up for Duolingo Plus').reasons).toEqual(['named']);
    expect(assessStep('Post the flyer on "Nextdoor"').reasons).toEqual(['named']);
    expect(assessStep('Write the first chapter by Friday').reasons).toEqual(['number', 'time']);
  });

  it('calls a vague step not concrete', () => {
    const step = assessStep('Think about what you want');
    expect(step.concrete).toBe(false);
    expect(step.reasons).toEqual([]);
  });

  it('does not count the capitalised first word or "I" as a name', () => {
    expect(assessStep('Decide what I need').concrete).toBe(false);
  });
});

describe('isVerb', () => {
  it('knows listed verbs and -ize/-ise/-ify words, and nothing else', () => {
    expect(isVerb('Schedule')).toBe(true);
    expect(isVerb('finalise')).toBe(true);
    expect(isVerb('simplify')).toBe(true);
    expect(isVerb('goal')).toBe(false);
    expect(isVerb('size')).toBe(false);
  });
});

describe('questionsIn', () => {
  it('counts groups of question marks', () => {
    expect(questionsIn('Great! What is the goal? And by when??')).toBe(2);
    expect(questionsIn('Press Create Plan when ready.')).toBe(0);
  });
});
