// How actionable one plan step reads, for the assistant evaluation (issue 11): does it start with a verb,
// and is it concrete (a number, a time, or a named object)? A heuristic, deliberately simple and
// predictable: it compares models and prompt changes over the same ideas, it does not grade English.
// Pure: no I/O.

/** Imperative verbs that open plan steps; words ending in -ize/-ise/-ify count too (see isVerb). */
const VERBS = new Set(
  `accept add adjust agree analyse analyze announce apply arrange ask assemble assess assign attend audit automate
  bake batch block book brainstorm break budget build buy calculate call cancel celebrate change check choose clean
  clear close collect combine commit compare compile complete confirm connect contact cook copy count create cut
  decide declutter define delegate delete deliver deploy design determine develop document donate download draft
  draw drink eat edit email enroll enrol establish estimate evaluate exercise expand explore export file fill find
  finish fix follow gather get give go hire host identify implement import improve include install interview invest
  invite join keep label launch learn list log look make map mark measure meet message migrate monitor move note
  open order outline pack pay pick pin plan plant post practice practise prepare present price print prioritize
  produce publish purchase put read record recruit reach reduce refine register rehearse release remove rent repeat
  replace reply report request research reserve review revise run save schedule score search select sell send set
  share shortlist sign sketch sort speak spend split start stop store study submit subscribe survey swap switch take
  talk teach test track train transfer try turn update upload use verify visit walk warm watch weigh write`
    .split(/\s+/)
    .filter(Boolean),
);

const NUMBER_WORDS =
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|hundred|thousand|once|twice|half|dozen|first|second|third)\b/i;
const TIME_WORDS =
  /\b(?:today|tonight|tomorrow|daily|weekly|monthly|yearly|annually|morning|afternoon|evening|weekend|weekday|minutes?|hours?|days?|weeks?|months?|years?|deadline|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|q[1-4])\b/i;
const QUOTED = /["“”'‘’`][^"“”'‘’`]{2,}["“”'‘’`]/;
const DOMAIN = /\b[\w-]+\.(?:com|org|net|io|dev|app|co|uk|de|fr)\b/i;

export type ConcreteReason = 'number' | 'time' | 'named';

export interface StepQuality {
  /** The word taken as the step's verb (after any short label such as 'Week 1:'). */
  firstWord: string;
  verbFirst: boolean;
  concrete: boolean;
  reasons: ConcreteReason[];
}

/** The step without markdown emphasis, code marks and surrounding space. */
function plain(step: string): string {
  return step
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function words(text: string): string[] {
  return text.match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];
}

export function isVerb(word: string): boolean {
  const w = word.toLowerCase().replace(/['’].*$/, '');
  return VERBS.has(w) || /^[a-z]{3,}(?:ize|ise|ify)$/.test(w);
}

/** The part a label such as 'Week 1:' or 'Research:' introduces, when the label is short. */
function afterLabel(text: string): string | null {
  const colon = text.indexOf(':');
  if (colon <= 0 || colon > 40) return null;
  const label = text.slice(0, colon);
  return words(label).length <= 4 ? text.slice(colon + 1).trim() : null;
}

/** Quoted text, a domain, or a capitalised word after the first one (a name: 'Duolingo'); 'I' and day or month names (times) aside. */
function hasNamedObject(text: string): boolean {
  if (QUOTED.test(text) || DOMAIN.test(text)) return true;
  const rest = words(text).slice(1);
  return rest.some((word) => /^[A-Z][A-Za-z'’-]+$/.test(word) && !/^I['’]/.test(word) && !TIME_WORDS.test(word));
}

export function assessStep(step: string): StepQuality {
  const text = plain(step);
  const first = words(text)[0] ?? '';
  const labelled = afterLabel(text);
  const labelledFirst = labelled !== null ? (words(labelled)[0] ?? '') : '';
  const verbFirst = isVerb(first) || (labelled !== null && isVerb(labelledFirst));
  const body = labelled !== null && !isVerb(first) ? labelled : text;
  const reasons: ConcreteReason[] = [];
  if (/\d/.test(text) || NUMBER_WORDS.test(text)) reasons.push('number');
  if (TIME_WORDS.test(text)) reasons.push('time');
  if (hasNamedObject(body)) reasons.push('named');
  return {
    firstWord: verbFirst && !isVerb(first) ? labelledFirst : first,
    verbFirst,
    concrete: reasons.length > 0,
    reasons,
  };
}

/** How many question groups ('?', '??') a reply holds: the rule the server's prompt uses to count what was asked. */
export function questionsIn(text: string): number {
  return text.match(/\?+/g)?.length ?? 0;
}
