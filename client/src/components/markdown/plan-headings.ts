// The plan's section headings, as the prompt asks the model to write them (plain lines 'Goal Summary',
// 'Expanded Plan', 'Action Steps:'), shown in bold; anything already marked up is left alone.

const PLAN_HEADING = /^(goal summary|expanded plan|action steps?)[ \t]*:?$/i;

export function emphasizePlanHeadings(text: string): string {
  let inFence = false;
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (/^(```|~~~)/.test(trimmed)) inFence = !inFence;
      return !inFence && PLAN_HEADING.test(trimmed) ? `**${trimmed}**` : line;
    })
    .join('\n');
}
