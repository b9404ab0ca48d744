// The panel's list of versions, newest first: why each was kept and when, the one shown marked as
// current, and Load more while the server has older ones.
import type { ComponentType } from 'react';
import {
  GitCompare,
  LoaderCircle,
  PenLine,
  RotateCcw,
  Save,
  Sparkles,
  Trash2,
  Undo2,
  type LucideProps,
} from 'lucide-react';
import type { HistoryReason } from '#core/history';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import type { Version } from './api/history-request';
import { exactTime, keptAgo, reasonText } from './history-text';

// Icons the app uses elsewhere already: the build puts every icon in the entry chunk (build/first-load-chunks.ts).
const REASON_ICONS: Record<HistoryReason | 'unknown', ComponentType<LucideProps>> = {
  device: PenLine,
  interval: Save,
  trash: Trash2,
  restore: Undo2,
  ai: Sparkles,
  conflict: GitCompare,
  version: RotateCcw,
  unknown: Save,
};

export interface VersionListProps {
  versions: readonly Version[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The note's title now: a version titled otherwise shows its title. */
  currentTitle: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export function VersionList({
  versions,
  selectedId,
  onSelect,
  currentTitle,
  hasMore,
  loadingMore,
  onLoadMore,
}: VersionListProps) {
  const now = new Date();
  return (
    <div className="grid gap-3 p-3">
      <ul aria-label="Versions" className="grid gap-1">
        {versions.map((version) => {
          const Icon = REASON_ICONS[version.reason ?? 'unknown'];
          const selected = version.id === selectedId;
          const otherTitle = version.title.trim() !== currentTitle.trim() ? version.title.trim() || 'Untitled' : null;
          return (
            <li key={version.id}>
              <button
                type="button"
                data-version-id={version.id}
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(version.id)}
                className={cn(
                  'flex w-full items-start gap-3 rounded-lg border px-3 py-2.5 text-left transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  selected ? 'border-primary/40 bg-accent' : 'border-transparent hover:bg-accent/60',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full',
                    selected ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
                  )}
                >
                  <Icon className="size-3.5" />
                </span>
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="text-sm leading-snug font-medium break-words">{reasonText(version)}</span>
                  <span className="text-xs text-muted-foreground">
                    <span className="sr-only">, </span>
                    <time dateTime={version.keptAt} title={exactTime(version.keptAt)}>
                      {keptAgo(version, now) || exactTime(version.keptAt)}
                    </time>
                  </span>
                  {otherTitle && (
                    <span className="truncate text-xs text-muted-foreground" title={otherTitle}>
                      <span className="sr-only">, </span>Titled “{otherTitle}”
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {hasMore && (
        <Button variant="outline" size="sm" className="justify-self-center" disabled={loadingMore} onClick={onLoadMore}>
          {loadingMore && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {loadingMore ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
