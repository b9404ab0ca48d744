// Action-step extraction against the shapes real models produce, plus generated lists.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  extractActionSteps,
  parseAiResult,
  splitExpandedContent,
  withActionSteps,
  withExpandedBody,
} from './action-steps';

const cases: { name: string; text: string | null | undefined; steps: string[] }[] = [
  { name: 'spec shape', text: 'Plan text.\n\nAction Steps:\n1. Research\n2. Build', steps: ['Research', 'Build'] },
  { name: 'heading without colon', text: 'Action Steps\n1. Research\n2. Build', steps: ['Research', 'Build'] },
  { name: 'lower-case heading', text: 'action steps:\n1. a\n2. b', steps: ['a', 'b'] },
  { name: 'upper-case heading', text: 'ACTION STEPS:\n1. a', steps: ['a'] },
  { name: 'no section', text: 'Just an idea.\n1. not a step', steps: [] },
  { name: 'null', text: null, steps: [] },
  { name: 'undefined', text: undefined, steps: [] },
  { name: 'empty string', text: '', steps: [] },
  { name: 'heading with no numbered lines', text: 'Action Steps:\n- bullet\n- bullet', steps: [] },
  {
    name: 'markdown h2',
    text: '## Goal Summary\nText\n\n## Action Steps\n1. Research\n2. Build',
    steps: ['Research', 'Build'],
  },
  { name: 'bold heading with colon inside', text: '**Action Steps:**\n1. a\n2. b', steps: ['a', 'b'] },
  { name: 'bold heading with colon outside', text: '**Action Steps**:\n1. a', steps: ['a'] },
  { name: 'numbered markdown heading', text: '### 3. Action Steps\n1. a\n2. b', steps: ['a', 'b'] },
  { name: 'heading with subtitle', text: '## Action Steps to Launch Your Podcast\n1. a', steps: ['a'] },
  { name: 'heading with parenthetical', text: 'Action Steps (5-8 steps):\n1. a', steps: ['a'] },
  { name: 'bold numbering', text: 'Action Steps:\n**1.** Research\n**2.** Build', steps: ['Research', 'Build'] },
  { name: 'whole step bold', text: 'Action Steps:\n1. **Research the market**', steps: ['Research the market'] },
  { name: 'whole line bold', text: 'Action Steps:\n**1. Research the market**', steps: ['Research the market'] },
  {
    name: 'inner bold kept as text',
    text: 'Action Steps:\n1. **Research** the market',
    steps: ['Research the market'],
  },
  { name: 'bold label', text: 'Action Steps:\n1. **Research:** Look at rivals.', steps: ['Research: Look at rivals.'] },
  { name: 'italic step', text: 'Action Steps:\n1. *Research*', steps: ['Research'] },
  { name: 'paren numbering', text: 'Action Steps:\n1) a\n2) b', steps: ['a', 'b'] },
  { name: 'blank lines between steps', text: 'Action Steps:\n\n1. a\n\n\n2. b\n', steps: ['a', 'b'] },
  { name: 'indented steps', text: 'Action Steps:\n   1. a\n\t2. b', steps: ['a', 'b'] },
  { name: 'trailing whitespace', text: 'Action Steps:   \n1. a   \n2. b\t', steps: ['a', 'b'] },
  { name: 'CRLF', text: 'Intro\r\nAction Steps:\r\n1. a\r\n2. b\r\n', steps: ['a', 'b'] },
  { name: 'old Mac CR', text: 'Action Steps:\r1. a\r2. b', steps: ['a', 'b'] },
  { name: 'following markdown heading ends', text: '## Action Steps\n1. a\n\n## Timeline\n1. Week one', steps: ['a'] },
  {
    name: 'following bold heading ends',
    text: '**Action Steps:**\n1. a\n2. b\n\n**Timeline:**\n1. Week one',
    steps: ['a', 'b'],
  },
  { name: 'following plain label ends', text: 'Action Steps:\n1. a\n\nResources:\n1. A book', steps: ['a'] },
  {
    name: 'sibling numbered heading ends',
    text: '**3. Action Steps:**\n1. a\n2. b\n**4. Timeline:**\n1. w',
    steps: ['a', 'b'],
  },
  {
    name: 'sibling after as many steps',
    text: '**3. Action Steps**\n1. a\n2. b\n3. c\n**4. Timeline**\n1. w',
    steps: ['a', 'b', 'c'],
  },
  {
    name: 'bold steps that reach the next number',
    text: '**3. Action Steps**\n**1. a**\n**2. b**\n**3. c**\n**4. d**',
    steps: ['a', 'b', 'c', 'd'],
  },
  {
    name: 'steps ending with colons',
    text: '3. Action Steps:\n1. a:\n2. b:\n3. c:\n4. d:',
    steps: ['a:', 'b:', 'c:', 'd:'],
  },
  { name: 'numbered h3 sibling ends', text: '### 3. Action Steps\n1. a\n### 4. Timeline\n1. w', steps: ['a'] },
  {
    name: 'sub-group labels keep going',
    text: '**Action Steps:**\n**Week 1:**\n1. a\n2. b\n**Week 2:**\n3. c',
    steps: ['a', 'b', 'c'],
  },
  { name: 'sub-headings under h2', text: '## Action Steps\n### Phase 1\n1. a\n### Phase 2\n2. b', steps: ['a', 'b'] },
  {
    name: 'non-numbered lines ignored',
    text: 'Action Steps:\nHere is what to do:\n1. a\n   - detail\nNote this.\n2. b',
    steps: ['a', 'b'],
  },
  {
    name: 'closing remark ignored',
    text: 'Action Steps:\n1. a\n2. b\n\nGood luck with your project!',
    steps: ['a', 'b'],
  },
  { name: 'numbered lines before heading ignored', text: '1. intro\nAction Steps:\n1. a', steps: ['a'] },
  { name: 'decimal is not numbering', text: 'Action Steps:\n1.5 kg of flour\n1. a', steps: ['a'] },
  { name: 'number without text skipped', text: 'Action Steps:\n1.\n2. b', steps: ['b'] },
  { name: 'mention in prose is not a heading', text: 'The action steps below help.\n1. a', steps: [] },
  { name: 'plain line with more text is not a heading', text: 'Action steps are important\n1. a', steps: [] },
  {
    name: 'empty first heading falls through to the next',
    text: '## Action Steps\n## Details\nAction Steps:\n1. a',
    steps: ['a'],
  },
  { name: 'numbers kept as written', text: 'Action Steps:\n3. c\n1. a', steps: ['c', 'a'] },
  { name: 'singular heading', text: 'Action Step:\n1. a', steps: ['a'] },
];

describe('extractActionSteps', () => {
  it.each(cases)('$name', ({ text, steps }) => {
    expect(extractActionSteps(text)).toEqual(steps);
  });

  it('returns the steps in order for any rendered list (property)', () => {
    const stepText = fc
      .string({ minLength: 1, maxLength: 40 })
      .map((s) => s.replace(/[\r\n*_#]/g, ' ').trim())
      .filter((s) => s !== '');
    const heading = fc.constantFrom(
      'Action Steps:',
      'Action Steps',
      '## Action Steps',
      '**Action Steps:**',
      'ACTION STEPS:',
    );
    fc.assert(
      fc.property(
        fc.array(stepText, { minLength: 1, maxLength: 10 }),
        heading,
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        (steps, head, eol, spaced) => {
          const list = steps.map((s, i) => `${i + 1}. ${s}`).join(spaced ? eol + eol : eol);
          const text = `Some prose about the plan.${eol}${eol}${head}${eol}${list}`;
          expect(extractActionSteps(text)).toEqual(steps);
        },
      ),
    );
  });

  it('never throws on arbitrary text (property)', () => {
    const pieces = fc.constantFrom(
      'Action Steps:',
      '## Action Steps',
      '**',
      '1. ',
      '2) ',
      '\n',
      '\r\n',
      '#',
      ':',
      ' ',
      'a',
      '__',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces).map((p) => p.join('')),
        ),
        (text) => {
          const steps = extractActionSteps(text);
          expect(Array.isArray(steps)).toBe(true);
          expect(splitExpandedContent(text).steps).toEqual(steps);
        },
      ),
    );
  });
});

describe('splitExpandedContent', () => {
  it('splits a typical model reply', () => {
    const reply = [
      '### Goal Summary',
      'Launch a weekly podcast within three months.',
      '',
      '### Expanded Plan',
      'Start small and stay consistent.',
      '',
      '### Action Steps',
      '1. **Define Your Niche**: Pick a topic you love.',
      '2. **Get Equipment**: Buy a USB microphone.',
      '',
      "By following these steps, you'll be on air soon!",
    ].join('\n');
    expect(splitExpandedContent(reply)).toEqual({
      body: [
        '### Goal Summary',
        'Launch a weekly podcast within three months.',
        '',
        '### Expanded Plan',
        'Start small and stay consistent.',
        '',
        "By following these steps, you'll be on air soon!",
      ].join('\n'),
      steps: ['Define Your Niche: Pick a topic you love.', 'Get Equipment: Buy a USB microphone.'],
    });
  });

  it('removes the action-steps section from the body', () => {
    const text = '## Goal Summary\nShip it.\n\n## Action Steps\n1. a\n2. b\n';
    expect(splitExpandedContent(text)).toEqual({ body: '## Goal Summary\nShip it.', steps: ['a', 'b'] });
  });

  it('keeps what follows the section', () => {
    const text = 'Plan.\n\n**Action Steps:**\n1. a\n   more on a\n\n**Timeline:**\nTwo weeks.';
    expect(splitExpandedContent(text)).toEqual({ body: 'Plan.\n\n**Timeline:**\nTwo weeks.', steps: ['a'] });
  });

  it('keeps a closing remark after the last step', () => {
    expect(splitExpandedContent('Plan.\nAction Steps:\n1. a\n\nGood luck!').body).toBe('Plan.\n\nGood luck!');
  });

  it('returns the whole text when there are no steps', () => {
    expect(splitExpandedContent('  Plan.\r\nAction Steps:\r\n- a  ')).toEqual({
      body: 'Plan.\nAction Steps:\n- a',
      steps: [],
    });
  });

  it('handles text that is only the section', () => {
    expect(splitExpandedContent('Action Steps:\n1. a')).toEqual({ body: '', steps: ['a'] });
  });

  it('handles missing text', () => {
    expect(splitExpandedContent(null)).toEqual({ body: '', steps: [] });
    expect(splitExpandedContent(undefined)).toEqual({ body: '', steps: [] });
  });
});

describe('parseAiResult', () => {
  it('keeps the full reply trimmed and extracts the steps', () => {
    const reply = '\n Goal Summary: ship.\n\nAction Steps:\n1. a\n2. b\n\n';
    expect(parseAiResult(reply)).toEqual({
      expandedContent: 'Goal Summary: ship.\n\nAction Steps:\n1. a\n2. b',
      steps: ['a', 'b'],
    });
  });

  it('returns no steps for a reply without a section', () => {
    expect(parseAiResult('Tell me more about your audience?')).toEqual({
      expandedContent: 'Tell me more about your audience?',
      steps: [],
    });
  });
});

describe('withActionSteps and withExpandedBody: one place to edit a plan’s steps (issue 33)', () => {
  const plan = '## Summary\nA podcast.\n\n## Action Steps\n1. **Pick** a name\n2. Record a pilot\n\nGood luck!';

  it('leaves the text as it is when the steps are the same', () => {
    expect(withActionSteps(plan, ['Pick a name', 'Record a pilot'])).toBe(plan);
  });

  it('replaces the steps under their own heading, the text around them kept', () => {
    expect(withActionSteps(plan, ['Pick a name', 'Book a studio', 'Record a pilot'])).toBe(
      '## Summary\nA podcast.\n\n## Action Steps\n1. Pick a name\n2. Book a studio\n3. Record a pilot\n\nGood luck!',
    );
    expect(withActionSteps(plan, [])).toBe('## Summary\nA podcast.\n\nGood luck!');
  });

  it('adds the steps under a heading of their own to a text that has none', () => {
    expect(withActionSteps('Just prose.\n', ['One', 'Two'])).toBe('Just prose.\n\nAction Steps:\n1. One\n2. Two');
    expect(withActionSteps('', ['One'])).toBe('Action Steps:\n1. One');
    expect(withActionSteps('Just prose.', [])).toBe('Just prose.');
  });

  it('puts a new body before the steps, which stay as written', () => {
    expect(splitExpandedContent(plan).body).toBe('## Summary\nA podcast.\n\nGood luck!');
    expect(withExpandedBody(plan, '## Summary\nA show about gardens.')).toBe(
      '## Summary\nA show about gardens.\n\n## Action Steps\n1. **Pick** a name\n2. Record a pilot',
    );
    expect(withExpandedBody('No steps here', 'New prose')).toBe('New prose');
    expect(splitExpandedContent(withExpandedBody(plan, 'Body')).steps).toEqual(['Pick a name', 'Record a pilot']);
  });
});
