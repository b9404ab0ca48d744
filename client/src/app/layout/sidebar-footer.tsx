// Sidebar footer (spec section 2): Online/Offline, Sync (only when online) with the count of waiting
// changes, the theme toggle, Sign out and the signed-in user's email.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LogOut, RefreshCw } from 'lucide-react';
import { avatarInitials } from '#core/initials';
import { ThemeToggle } from '../../components/theme-toggle';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { InitialsAvatar } from '../../components/ui/initials-avatar';
import { Tooltip } from '../../components/ui/tooltip';
import { useAuth, useSignOut } from '../../data/auth';
import { useOnlineStatus } from '../../lib/use-online-status';
import { cn } from '../../lib/utils';
import type { LayoutNotes } from './use-layout-notes';

export function pendingChangesText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting`;
}

export function SidebarFooter({ pendingCount, sync }: Pick<LayoutNotes, 'pendingCount' | 'sync'>) {
  const online = useOnlineStatus();
  const { user } = useAuth();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [syncing, setSyncing] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  const email = user?.email ?? '';
  const name = typeof user?.user_metadata?.name === 'string' ? user.user_metadata.name : '';

  const handleSync = async () => {
    setSyncing(true);
    try {
      await sync();
    } finally {
      setSyncing(false);
    }
  };

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      // Spec section 2: after sign-out the user is at /login.
      if ((await signOut()) === 'signed-out') await navigate('/login', { replace: true });
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-3 border-t p-3">
      <div className="flex min-h-8 flex-wrap items-center gap-2 px-1">
        <p role="status" className="flex items-center gap-2 text-sm font-medium">
          <span
            aria-hidden="true"
            className={cn(
              'size-2 rounded-full',
              online
                ? 'bg-primary shadow-[0_0_0_3px] shadow-primary/20'
                : 'bg-amber-500 shadow-[0_0_0_3px] shadow-amber-500/20',
            )}
          />
          {online ? 'Online' : 'Offline'}
        </p>
        {pendingCount > 0 && (
          <Badge variant="secondary" weight="normal">
            {pendingChangesText(pendingCount)}
          </Badge>
        )}
        {online && (
          <Button variant="outline" size="sm" className="ml-auto" onClick={() => void handleSync()} disabled={syncing}>
            <RefreshCw aria-hidden="true" className={cn(syncing && 'animate-spin')} />
            Sync
          </Button>
        )}
      </div>
      <div className="flex items-center gap-2.5 rounded-lg bg-background/60 p-2 ring-1 ring-border">
        <InitialsAvatar className="size-8">{avatarInitials(name, email) || '?'}</InitialsAvatar>
        {/* Name and email take the row's room; the full email shows in a tooltip when it is cut. */}
        <Tooltip content={email} side="top" className="max-w-72 break-all">
          <div className="min-w-0 flex-1">
            {name && <p className="truncate text-sm font-medium">{name}</p>}
            <p className="truncate text-xs text-muted-foreground">{email}</p>
          </div>
        </Tooltip>
        <ThemeToggle size="icon-sm" />
      </div>
      <Button
        variant="ghost-plain"
        align="start"
        className="text-muted-foreground hover:text-foreground"
        onClick={() => void handleSignOut()}
        disabled={signingOut}
      >
        <LogOut aria-hidden="true" />
        Sign out
      </Button>
    </div>
  );
}
