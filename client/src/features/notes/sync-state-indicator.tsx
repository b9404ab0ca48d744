// A note's sync state on its card (issue 4): saved on this device / waiting to sync / synced, or the
// server's refusal, which stays visible until the note is edited again.
import { CloudAlert, CloudCheck, CloudUpload, HardDrive } from 'lucide-react';
import { type NoteView, syncStateLabel } from '../../data/notes';
import { useOnlineStatus } from '../../lib/use-online-status';
import { cn } from '../../lib/utils';

export function SyncStateIndicator({
  note,
  className,
}: {
  note: Pick<NoteView, 'sync_state' | 'sync_error'>;
  className?: string;
}) {
  const online = useOnlineStatus();
  const label = syncStateLabel(note.sync_state, online);
  if (note.sync_state === 'synced') {
    // Quiet when all is well: an icon, named for screen readers and on hover.
    return (
      <span
        className={cn('inline-flex items-center text-muted-foreground', className)}
        title={label}
        data-sync-state="synced"
      >
        <CloudCheck aria-hidden="true" className="size-4" />
        <span className="sr-only">{label}</span>
      </span>
    );
  }
  if (note.sync_state === 'error') {
    return (
      <span
        className={cn('inline-flex min-w-0 items-start gap-1.5 text-xs font-medium text-destructive', className)}
        data-sync-state="error"
      >
        <CloudAlert aria-hidden="true" className="mt-px size-4 shrink-0" />
        <span className="min-w-0">
          <span className="block">{label}</span>
          {note.sync_error ? <span className="line-clamp-2 font-normal break-words">{note.sync_error}</span> : null}
        </span>
      </span>
    );
  }
  const Icon = online ? CloudUpload : HardDrive;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 text-xs font-medium text-amber-700 dark:text-amber-300',
        className,
      )}
      data-sync-state="pending"
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {label}
    </span>
  );
}
