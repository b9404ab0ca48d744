// The idea form's connection badge (spec section 2): Checking, Connecting, Connected, Connection Failed
// (and Offline, when the browser has no network and no test can run).
import { CircleCheck, CircleX, LoaderCircle, WifiOff } from 'lucide-react';
import type { AiConnectionStatus } from '../../../data/ai-connection';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

export type BadgeState = 'checking' | 'connecting' | 'connected' | 'failed' | 'offline';

export const BADGE_LABELS: Record<BadgeState, string> = {
  checking: 'Checking',
  connecting: 'Connecting',
  connected: 'Connected',
  failed: 'Connection Failed',
  offline: 'Offline',
};

/** The first test of a page reads 'Checking'; a later one (Reconnect, Test Connection) 'Connecting'. */
export function badgeState(status: AiConnectionStatus, testedAt: number | null, online: boolean): BadgeState {
  if (!online) return 'offline';
  if (status === 'connected') return 'connected';
  if (status === 'failed') return 'failed';
  if (status === 'connecting' && testedAt !== null) return 'connecting';
  return 'checking';
}

export function ConnectionBadge({ state, className }: { state: BadgeState; className?: string }) {
  const Icon =
    state === 'connected' ? CircleCheck : state === 'failed' ? CircleX : state === 'offline' ? WifiOff : LoaderCircle;
  return (
    <Badge
      variant={state === 'connected' ? 'success' : state === 'failed' ? 'destructive' : 'secondary'}
      className={cn('gap-1', className)}
      role="status"
      aria-label={`AI connection: ${BADGE_LABELS[state]}`}
    >
      <Icon aria-hidden="true" className={cn((state === 'checking' || state === 'connecting') && 'animate-spin')} />
      {BADGE_LABELS[state]}
    </Badge>
  );
}
