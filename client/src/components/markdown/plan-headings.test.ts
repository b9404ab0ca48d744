import { describe, expect, it } from 'vitest';
import { emphasizePlanHeadings } from './plan-headings';

describe('emphasizePlanHeadings', () => {
  it('bolds the plain section headings of a plan', () => {
    expect(emphasizePlanHeadings('Goal Summary\nReach it.\n\nExpanded Plan\nText\n\nAction Steps:\n1. One')).toBe(
      '**Goal Summary**\nReach it.\n\n**Expanded Plan**\nText\n\n**Action Steps:**\n1. One',
    );
  });

  it('leaves marked-up headings, sentences and code blocks alone', () => {
    const text = '## Goal Summary\nThe goal summary is short.\n```\nAction Steps:\n```';
    expect(emphasizePlanHeadings(text)).toBe(text);
  });
});
