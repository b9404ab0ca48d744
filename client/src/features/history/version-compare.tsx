// One version beside the note as it is now, the differing lines marked (as the conflict view marks them),
// and Restore this version.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ArrowLeft, LoaderCircle, RotateCcw } from 'lucide-react';
import { DiffColumn } from '../../components/diff-column';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useVersion } from './api/get-version';
import type { Version } from './api/history-request';
import type { CompareNotes, ComparedNote } from './compare-notes';
import { errorText, exactTime, HISTORY_TEXT, keptAgo, reasonText } from './history-text';

export interface VersionCompareProps {
  noteId: string;
  version: Version;
  current: ComparedNote;
  compare: CompareNotes;
  /** Restoring waits for the screen's unsaved changes. */
  unsavedChanges: boolean;
  onRestore: (version: Version) => Promise<void>;
  /** Narrow screens show the list or one version: back to the list. Absent where both show. */
  onBack?: () => void;
  /** Focus the heading when shown (the list it replaced had focus). */
  focusOnShow: boolean;
}

export function VersionCompare({
  noteId,
  version,
  current,
  compare,
  unsavedChanges,
  onRestore,
  onBack,
  focusOnShow,
}: VersionCompareProps) {
  const detail = useVersion(noteId, version.id);
  const [restoring, setRestoring] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const comparison = useMemo(
    () => (detail.data ? compare(detail.data.content, current) : null),
    [compare, current, detail.data],
  );

  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow, version.id]);

  const restore = async () => {
    setRestoring(true);
    setFailure(null);
    try {
      await onRestore(version);
    } catch (error) {
      setFailure(errorText(error));
      setRestoring(false);
    }
  };

  const ago = keptAgo(version);
  const exact = exactTime(version.keptAt);
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-4 p-4 sm:p-5">
      {onBack && (
        <Button variant="ghost" size="sm" className="-ml-2 justify-self-start" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          All versions
        </Button>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none">
            {reasonText(version)}
          </h3>
          <p className="text-sm text-muted-foreground">
            <time dateTime={version.keptAt}>{ago ? `${ago} · ${exact}` : exact}</time>
          </p>
        </div>
        <Button
          className="shrink-0"
          disabled={restoring || unsavedChanges || !detail.data}
          onClick={() => void restore()}
        >
          {restoring ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <RotateCcw aria-hidden="true" />}
          {restoring ? 'Restoring…' : 'Restore this version'}
        </Button>
      </div>

      {unsavedChanges && (
        <p className="rounded-lg border border-amber-600/40 bg-amber-500/10 p-3 text-sm dark:border-amber-400/40">
          {HISTORY_TEXT.unsaved}
        </p>
      )}
      {failure && (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
          {failure}
        </p>
      )}

      {detail.isPending && (
        <div className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
          <Spinner label={HISTORY_TEXT.loadingVersion} />
          <span aria-hidden="true">Loading…</span>
        </div>
      )}
      {detail.isError && (
        <div role="alert" className="grid justify-items-start gap-3 rounded-lg border p-4 text-sm">
          <p>{errorText(detail.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void detail.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {comparison && (
        <div className="@container grid gap-3">
          {comparison.same && <p className="text-sm text-muted-foreground">{HISTORY_TEXT.same}</p>}
          <div className="grid gap-3 @xl:grid-cols-2">
            <DiffColumn heading="This version" lines={comparison.left} level={4} />
            <DiffColumn heading="Current note" lines={comparison.right} level={4} />
          </div>
        </div>
      )}
    </section>
  );
}
