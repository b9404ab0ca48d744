// The History panel offline: what it cannot do, and that nothing else stops.
import { CloudOff } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { HISTORY_TEXT } from './history-text';

/** `onRetry` for a request that failed although the browser said online (the server out of reach). */
export function OfflineNotice({ onRetry }: { onRetry?: () => void }) {
  return (
    <div role="status" className="m-5 flex items-start gap-3 rounded-xl border bg-muted/50 p-4 text-sm">
      <CloudOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="grid justify-items-start gap-3">
        <p>{HISTORY_TEXT.offline}</p>
        {onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    </div>
  );
}
