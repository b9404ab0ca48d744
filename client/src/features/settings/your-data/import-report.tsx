// What an import did: a summary (created, already here, conflict copies, skipped) and a line per note
// or file, each skipped one with the reason, so nothing is left out silently.
import { CircleAlert, CircleCheck, CircleMinus, GitCompare } from 'lucide-react';
import type { ImportLine } from '../../../data/notes';

export interface ImportResult {
  lines: ImportLine[];
  /** Files, or notes inside files, that could not be read. */
  skippedFiles: { source: string; title: string; reason: string }[];
}

const SHOWN = 200;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export function importSummary({ lines, skippedFiles }: ImportResult): string {
  const count = (status: ImportLine['status']) => lines.filter((line) => line.status === status).length;
  const created = count('created');
  const unchanged = count('unchanged');
  const copies = count('conflict-copy');
  const skipped = count('invalid') + skippedFiles.length;
  const parts = [`Imported ${plural(created, 'note')}.`];
  if (unchanged) parts.push(`${plural(unchanged, 'note was', 'notes were')} already here.`);
  if (copies)
    parts.push(
      `${plural(copies, 'note', 'notes')} came in as ${copies === 1 ? 'a conflict copy' : 'conflict copies'}.`,
    );
  if (skipped) parts.push(`${plural(skipped, 'item was', 'items were')} skipped.`);
  return parts.join(' ');
}

type Row = { key: string; icon: typeof CircleCheck; tone: string; title: string; source: string; what: string };

function rows({ lines, skippedFiles }: ImportResult): Row[] {
  const skipped: Row[] = skippedFiles.map((s, i) => ({
    key: `f${i}`,
    icon: CircleAlert,
    tone: 'text-destructive',
    title: s.title || s.source,
    source: s.title ? s.source : '',
    what: `Skipped: ${s.reason}`,
  }));
  const notes: Row[] = lines.map((line, i) => {
    const base = { key: `n${i}`, title: line.title || line.source, source: line.source };
    if (line.status === 'created') return { ...base, icon: CircleCheck, tone: 'text-primary', what: 'Imported' };
    if (line.status === 'unchanged')
      return { ...base, icon: CircleMinus, tone: 'text-muted-foreground', what: 'Already here' };
    if (line.status === 'conflict-copy')
      return {
        ...base,
        icon: GitCompare,
        tone: 'text-amber-700 dark:text-amber-300',
        what: 'Imported as a conflict copy',
      };
    return {
      ...base,
      icon: CircleAlert,
      tone: 'text-destructive',
      what: `Skipped: ${line.reason ?? 'not a valid note'}`,
    };
  });
  // Problems first: they are what the user has to act on.
  return [...skipped, ...notes.filter((r) => r.icon === CircleAlert), ...notes.filter((r) => r.icon !== CircleAlert)];
}

export function ImportReport({ result }: { result: ImportResult }) {
  const all = rows(result);
  return (
    <div className="mt-4 grid gap-3">
      <p role="status" className="text-sm font-medium">
        {importSummary(result)}
      </p>
      {all.length > 0 && (
        <ul aria-label="Import result" className="grid max-h-72 gap-1.5 overflow-y-auto rounded-lg border p-3 text-sm">
          {all.slice(0, SHOWN).map(({ key, icon: Icon, tone, title, source, what }) => (
            <li key={key} className="flex min-w-0 items-start gap-2">
              <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${tone}`} />
              <span className="min-w-0 break-words">
                <span className="font-medium">{title}</span>
                {source && <span className="text-muted-foreground"> ({source})</span>}
                <span>: {what}</span>
              </span>
            </li>
          ))}
          {all.length > SHOWN && (
            <li className="text-muted-foreground">and {(all.length - SHOWN).toLocaleString('en')} more</li>
          )}
        </ul>
      )}
    </div>
  );
}
