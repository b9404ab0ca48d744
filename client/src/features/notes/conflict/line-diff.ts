// The two versions of a conflict side by side (issue 12, point 5): each version's lines, those that
// differ from the other version marked. Lines are compared whole (jsdiff's line diff).
import { diffLines } from 'diff';

export interface DiffLine {
  text: string;
  /** True when the other version does not have this line here. */
  changed: boolean;
}

export interface SideBySide {
  left: DiffLine[];
  right: DiffLine[];
  /** True when the two texts are the same. */
  same: boolean;
}

function splitLines(value: string): string[] {
  const lines = value.split('\n');
  // jsdiff keeps each line's newline: the last piece after it is empty.
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

export function sideBySide(left: string, right: string): SideBySide {
  const out: SideBySide = { left: [], right: [], same: true };
  for (const part of diffLines(left, right)) {
    const lines = splitLines(part.value);
    if (part.removed) out.left.push(...lines.map((text) => ({ text, changed: true })));
    else if (part.added) out.right.push(...lines.map((text) => ({ text, changed: true })));
    else {
      out.left.push(...lines.map((text) => ({ text, changed: false })));
      out.right.push(...lines.map((text) => ({ text, changed: false })));
    }
    if (part.added || part.removed) out.same = false;
  }
  return out;
}
