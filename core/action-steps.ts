// Finds the numbered 'Action Steps' list in an AI reply (spec section 5) and splits it from the prose.

export interface ExpandedContentParts {
  /** The expanded text without the action-steps section (the 'Expanded Idea' card). */
  body: string;
  steps: string[];
}

export interface AiResultParts {
  expandedContent: string;
  steps: string[];
}

type Decoration = 'bold' | 'colon' | 'none';

interface Heading {
  atxLevel: number | null;
  number: number | null;
  decoration: Decoration;
}

interface LineInfo {
  raw: string;
  blank: boolean;
  indented: boolean;
  atxLevel: number | null;
  actionHeading: Heading | null;
  step: { n: number; text: string } | null;
  softHeading: boolean;
}

interface Section {
  start: number;
  end: number;
  steps: string[];
}

const ATX = /^(#{1,6})[ \t]+(.*)$/;
const STEP = /^(?:\*\*|__)?(\d{1,4})[.)](?:\*\*|__)?[ \t]+(\S.*)$/;
const NUMBER_PREFIX = /^(\d{1,4})[.)][ \t]*(.*)$/;
// The heading models echo back from the prompt, optionally with a note like '(5-8 steps)'.
const ACTION_HEADING_EXACT = /^action[ \t]+steps?(?:[ \t]*\([^)]*\))?$/i;
const ACTION_HEADING_PREFIX = /^action[ \t]+steps?\b/i;
const BULLET = /^[-*+][ \t]/;

function isWholeBold(s: string): boolean {
  return /^(?:\*\*|__)/.test(s) && /(?:\*\*|__):?$/.test(s) && s.length > 4;
}

function decorationOf(s: string): Decoration {
  if (isWholeBold(s)) return 'bold';
  return s.endsWith(':') ? 'colon' : 'none';
}

function parseActionHeading(trimmed: string): Heading | null {
  const atx = ATX.exec(trimmed);
  const content = atx ? (atx[2] ?? '').replace(/[ \t]+#+$/, '').trim() : trimmed;
  const decoration = decorationOf(content);
  const plain = content.replace(/[*_]/g, '').trim();
  const numbered = NUMBER_PREFIX.exec(plain);
  const text = (numbered ? (numbered[2] ?? '') : plain).replace(/[ \t]*:$/, '').trim();
  // A plain line must be the heading itself; a styled one may carry a subtitle ('## Action Steps to Launch').
  const styled = atx !== null || decoration === 'bold';
  if (!ACTION_HEADING_EXACT.test(text) && !(styled && ACTION_HEADING_PREFIX.test(text))) return null;
  return {
    atxLevel: atx ? (atx[1] ?? '').length : null,
    number: numbered ? Number(numbered[1]) : null,
    decoration,
  };
}

function cleanStepText(text: string): string {
  let s = text.trim().replace(/\*\*(.+?)\*\*/g, '$1');
  // Left over when the whole line was bold, as in '**1. Research the market**'.
  s = s
    .replace(/^(?:\*\*|__)+/, '')
    .replace(/(?:\*\*|__)+$/, '')
    .trim();
  if (s.length > 2 && s.startsWith('*') && s.endsWith('*') && !s.startsWith('**')) s = s.slice(1, -1).trim();
  return s;
}

function parseStep(trimmed: string): { n: number; text: string } | null {
  const m = STEP.exec(trimmed);
  if (!m) return null;
  const text = cleanStepText(m[2] ?? '');
  return text === '' ? null : { n: Number(m[1]), text };
}

function describeLine(raw: string): LineInfo {
  const trimmed = raw.trim();
  const blank = trimmed === '';
  const atx = ATX.exec(trimmed);
  const step = blank || atx ? null : parseStep(trimmed);
  return {
    raw,
    blank,
    indented: /^[ \t]/.test(raw),
    atxLevel: atx ? (atx[1] ?? '').length : null,
    actionHeading: blank ? null : parseActionHeading(trimmed),
    step,
    softHeading: !blank && !atx && !BULLET.test(trimmed) && decorationOf(trimmed) !== 'none',
  };
}

function splitLines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}

/** For each line, the index of the next numbered line before any heading, or -1. */
function nextNumberedIndex(infos: LineInfo[]): number[] {
  const next = new Array<number>(infos.length).fill(-1);
  let upcoming = -1;
  for (let i = infos.length - 1; i >= 0; i--) {
    const info = infos[i];
    if (!info) continue;
    if (info.atxLevel !== null || info.actionHeading) upcoming = -1;
    else if (info.step) upcoming = i;
    next[i] = upcoming;
  }
  return next;
}

function readSection(infos: LineInfo[], next: number[], start: number, heading: Heading): Section {
  const steps: string[] = [];
  let lastNumber = 0;
  let lastDecoration: Decoration = 'none';
  let lastStepLine = -1;
  for (let j = start + 1; j < infos.length; j++) {
    const info = infos[j];
    if (!info || info.blank) continue;
    if (info.actionHeading) break;
    if (info.atxLevel !== null) {
      // Deeper headings under a markdown 'Action Steps' heading are sub-groups ('### Week 1').
      if (heading.atxLevel === null || info.atxLevel <= heading.atxLevel) break;
      continue;
    }
    if (info.step) {
      const decoration = decorationOf(info.raw.trim());
      // '**4. Timeline**' after '**3. Action Steps**' is the next section, unless it reads as the next step.
      const sibling =
        heading.number !== null &&
        heading.decoration !== 'none' &&
        info.step.n === heading.number + 1 &&
        decoration === heading.decoration &&
        (info.step.n !== lastNumber + 1 || decoration !== lastDecoration);
      if (sibling) break;
      steps.push(info.step.text);
      lastNumber = info.step.n;
      lastDecoration = decoration;
      lastStepLine = j;
      continue;
    }
    if (steps.length > 0 && info.softHeading && !info.indented) {
      // A label such as '**Week 2:**' is kept inside the list only if the numbering carries on after it.
      const k = next[j + 1] ?? -1;
      if (k === -1 || infos[k]?.step?.n !== lastNumber + 1) break;
    }
  }
  let end = lastStepLine + 1;
  // Indented lines right after the last step are its continuation, not body text.
  for (let j = end; lastStepLine >= 0 && j < infos.length; j++) {
    const info = infos[j];
    if (!info || (!info.blank && !info.indented)) break;
    if (!info.blank) end = j + 1;
  }
  return { start, end, steps };
}

function findSection(infos: LineInfo[]): Section | null {
  const next = nextNumberedIndex(infos);
  for (let i = 0; i < infos.length; i++) {
    const heading = infos[i]?.actionHeading;
    if (!heading) continue;
    const section = readSection(infos, next, i, heading);
    if (section.steps.length > 0) return section;
  }
  return null;
}

/** The action steps of an expanded text, numbers and markdown emphasis stripped; [] when there are none. */
export function extractActionSteps(text: string | null | undefined): string[] {
  if (typeof text !== 'string' || text === '') return [];
  return findSection(splitLines(text).map(describeLine))?.steps ?? [];
}

/** Separates the action-steps section from the rest; text without steps is returned whole as the body. */
export function splitExpandedContent(text: string | null | undefined): ExpandedContentParts {
  if (typeof text !== 'string') return { body: '', steps: [] };
  const lines = splitLines(text);
  const section = findSection(lines.map(describeLine));
  if (!section) return { body: lines.join('\n').trim(), steps: [] };
  const before = lines.slice(0, section.start).join('\n').trim();
  const after = lines.slice(section.end).join('\n').trim();
  const body = before && after ? `${before}\n\n${after}` : before || after;
  return { body, steps: section.steps };
}

/**
 * `text` with the steps of its action-steps section replaced by `steps` (one '1. …' line each, under the
 * section's own heading; the lines around the section as they were), or, when it has none, `steps`
 * added at its end under 'Action Steps:'. No steps: the section goes. The same steps: `text` unchanged.
 */
export function withActionSteps(text: string, steps: readonly string[]): string {
  const lines = splitLines(text);
  const section = findSection(lines.map(describeLine));
  if (section && section.steps.length === steps.length && section.steps.every((step, i) => step === steps[i]))
    return text;
  const list = steps.map((step, i) => `${i + 1}. ${step}`);
  if (!section) {
    if (list.length === 0) return text;
    const body = text.trimEnd();
    return `${body}${body ? '\n\n' : ''}Action Steps:\n${list.join('\n')}`;
  }
  const before = lines.slice(0, list.length > 0 ? section.start + 1 : section.start);
  const after = lines.slice(section.end);
  const gap = list.length > 0 && after.some((line) => line.trim() !== '') && after[0]?.trim() !== '' ? [''] : [];
  return [...before, ...list, ...gap, ...after]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The expanded text once its prose is `body`, its action-steps section kept: where the section was at the
 * end of the text (as a plan writes it) or, when the body no longer matches the text around it, after the
 * new body. Without a section, the body is the text.
 */
export function withExpandedBody(text: string, body: string): string {
  const lines = splitLines(text);
  const section = findSection(lines.map(describeLine));
  if (!section) return body;
  const sectionText = lines.slice(section.start, section.end).join('\n').trim();
  const trimmed = body.trim();
  return trimmed ? `${trimmed}\n\n${sectionText}` : sectionText;
}

/** The server's reading of a finished plan reply: the whole text plus the steps found in it. */
export function parseAiResult(reply: string): AiResultParts {
  const text = typeof reply === 'string' ? reply : '';
  return { expandedContent: text.trim(), steps: extractActionSteps(text) };
}
