// Runs the notes data layer for the signed-in user (sync at start, after writes, when back online ...),
// showing the automatic sync's toasts. Rendered once inside the auth provider; it draws nothing.
import { useEffect, useState } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useAuth } from '../features/auth/use-auth';
import type { ToastMessage } from '../data/notes/messages';
import { useNotesSync } from '../data/notes/use-notes';
import { getSupabase } from '../lib/supabase';
import { toast } from '../lib/toast';

function notify(message: ToastMessage): void {
  toast({ title: message.title, description: message.description, variant: message.variant ?? 'default' });
}

export function NotesSyncBridge() {
  const userId = useAuth().user?.id ?? null;
  const [supabase, setSupabase] = useState<SupabaseClient | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    const retry = () => setAttempt((n) => n + 1);
    // Signed in means the client exists (the auth provider got the session from it) or is on its way;
    // only a first visit offline, before the public config was ever fetched, has to wait for the network.
    getSupabase()
      .then((client) => {
        if (!cancelled) setSupabase(client);
      })
      .catch((error: unknown) => {
        console.warn('Notes sync could not start:', error);
        if (!cancelled) window.addEventListener('online', retry, { once: true });
      });
    return () => {
      cancelled = true;
      window.removeEventListener('online', retry);
    };
  }, [userId, attempt]);

  useNotesSync(supabase, userId, notify);
  return null;
}
