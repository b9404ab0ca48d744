// The panel's body while online: the versions and the one chosen beside the note. Wide screens show both
// (the newest chosen to begin with); narrow ones show the list, then the version chosen with a way back.
import { useEffect, useRef, useState } from 'react';
import { History } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { useMediaQuery } from '../../lib/use-media-query';
import { cn } from '../../lib/utils';
import type { HistoryQuery } from './api/get-history';
import type { Version } from './api/history-request';
import type { CompareNotes, ComparedNote } from './compare-notes';
import { errorText, HISTORY_TEXT } from './history-text';
import { OfflineNotice } from './offline-notice';
import { HistoryOfflineError } from './api/history-request';
import { VersionCompare } from './version-compare';
import { VersionList } from './version-list';

export interface HistoryBrowserProps {
  noteId: string;
  history: HistoryQuery;
  versions: readonly Version[];
  /** The note has reached the server: before that it has no history. */
  onServer: boolean;
  current: ComparedNote;
  compare: CompareNotes;
  unsavedChanges: boolean;
  onRestore: (version: Version) => Promise<void>;
}

export function HistoryBrowser({
  noteId,
  history,
  versions,
  onServer,
  current,
  compare,
  unsavedChanges,
  onRestore,
}: HistoryBrowserProps) {
  // Tailwind's md: the two panes side by side.
  const wide = useMediaQuery('(min-width: 48rem)') === true;
  const [chosenId, setChosenId] = useState<string | null>(null);
  // Narrow screens: the version's heading takes focus when it replaces the list, and the list's entry
  // takes it back on the way back.
  const [focusDetail, setFocusDetail] = useState(false);
  const focusEntry = useRef<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const id = focusEntry.current;
    if (id === null) return;
    focusEntry.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-version-id="${CSS.escape(id)}"]`)?.focus();
  });

  if (!onServer) return <EmptyHistory />;
  if (history.isPending) return <LoadingHistory />;
  if (history.isError && versions.length === 0) {
    if (history.error instanceof HistoryOfflineError) return <OfflineNotice onRetry={() => void history.refetch()} />;
    return <ErrorNotice message={errorText(history.error)} onRetry={() => void history.refetch()} />;
  }
  if (versions.length === 0) return <EmptyHistory />;

  const chosen = versions.find((version) => version.id === chosenId) ?? null;
  const shown = chosen ?? (wide ? (versions[0] ?? null) : null);
  const detailOnly = !wide && chosen !== null;

  return (
    <div className="flex min-h-0 flex-1 md:grid md:grid-cols-[18rem_minmax(0,1fr)]">
      <div
        ref={listRef}
        className={cn('min-h-0 overflow-y-auto md:block md:border-r', detailOnly ? 'hidden' : 'flex-1')}
      >
        {history.isError && (
          <p role="alert" className="mx-3 mt-3 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
            {errorText(history.error)}
          </p>
        )}
        <VersionList
          versions={versions}
          selectedId={shown?.id ?? null}
          currentTitle={current.title}
          onSelect={(id) => {
            setChosenId(id);
            setFocusDetail(!wide);
          }}
          hasMore={history.hasNextPage}
          loadingMore={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
        />
      </div>
      <div className={cn('min-h-0 overflow-y-auto md:block', detailOnly ? 'flex-1' : 'hidden')}>
        {shown ? (
          <VersionCompare
            key={shown.id}
            noteId={noteId}
            version={shown}
            current={current}
            compare={compare}
            unsavedChanges={unsavedChanges}
            onRestore={onRestore}
            focusOnShow={detailOnly && focusDetail}
            onBack={
              detailOnly
                ? () => {
                    focusEntry.current = shown.id;
                    setChosenId(null);
                  }
                : undefined
            }
          />
        ) : (
          <p className="p-5 text-sm text-muted-foreground">{HISTORY_TEXT.choose}</p>
        )}
      </div>
    </div>
  );
}

function EmptyHistory() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-muted">
        <History className="size-6 text-muted-foreground" />
      </span>
      <p className="text-base font-medium">{HISTORY_TEXT.empty}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{HISTORY_TEXT.emptyHint}</p>
    </div>
  );
}

function LoadingHistory() {
  return (
    <div className="grid content-start gap-2 p-3 md:max-w-[18rem]">
      <div className="flex items-center gap-2 px-3 py-2 text-sm text-muted-foreground">
        <Spinner label={HISTORY_TEXT.loading} />
        <span aria-hidden="true">Loading…</span>
      </div>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-start gap-3 px-3 py-2.5">
          <Skeleton rounded="rounded-full" className="size-7 shrink-0" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

function ErrorNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="m-5 grid justify-items-start gap-3 rounded-xl border border-destructive/50 bg-destructive/10 p-4 text-sm"
    >
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
