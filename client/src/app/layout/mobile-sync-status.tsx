// The mobile top bar's sync state (issue 12): 'Offline' while the browser is offline and the count of
// changes waiting, which on wider screens the sidebar's footer shows.
import { CloudOff } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { usePendingCount } from '../../data/notes';
import { useOnlineStatus } from '../../lib/use-online-status';

export function MobileSyncStatus() {
  const online = useOnlineStatus();
  const pending = usePendingCount();
  return (
    <div role="status" aria-label="Sync status" className="flex min-w-0 items-center gap-1.5">
      {!online && (
        <Badge
          variant="outline"
          className="border-amber-600/50 text-amber-800 dark:border-amber-400/50 dark:text-amber-200"
        >
          <CloudOff aria-hidden="true" />
          Offline
        </Badge>
      )}
      {pending > 0 && (
        <Badge variant="secondary" weight="normal">
          {pending}
          <span className="sr-only"> {pending === 1 ? 'change' : 'changes'}</span> waiting
        </Badge>
      )}
    </div>
  );
}
