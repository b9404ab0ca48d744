// What the dashboard and the layout show of dated items (issue 35) comes after the first screen's content:
// the reminders and the dashboard's count load their code (and the date rules) and read the notes once it
// is shown (lib/first-content.ts), so neither is part of the first load or competes with it.
import { useEffect, useState } from 'react';
import { afterContentShown } from '../../lib/first-content';
import { lazyWithPreload, type PreloadableComponent } from '../../lib/lazy-with-preload';

const Reminders = lazyWithPreload(() => import('./reminders').then((m) => m.Reminders));
const Chip = lazyWithPreload(() => import('./due-today-chip').then((m) => m.DueTodayChip));

/**
 * The reminders wait this long more: their code (the note write path with it) and reads would otherwise
 * land in the start's busy seconds, which a phone's Lighthouse score counts; a reminder due meanwhile is
 * still shown (reminders.tsx shows those missed by up to an hour).
 */
const REMINDERS_AFTER_MS = 5_000;

/**
 * Whether `component`'s code has loaded, which it starts `delayMs` after the first content. A load that
 * fails (offline before the code was ever fetched, where no service worker keeps it) leaves it unshown and
 * is tried again once the browser is back online: never an error in place of the screen.
 */
function useLoadedLater(component: PreloadableComponent<object>, delayMs = 0): boolean {
  const [loaded, setLoaded] = useState(component.isLoaded());
  useEffect(() => {
    if (loaded) return;
    let mounted = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () =>
      void component.preload().then(() => {
        if (component.isLoaded()) {
          if (mounted) setLoaded(true);
        } else addEventListener('online', attempt, { once: true });
      });
    void afterContentShown().then(() => {
      timer = setTimeout(attempt, delayMs);
    });
    return () => {
      mounted = false;
      clearTimeout(timer);
      removeEventListener('online', attempt);
    };
  }, [component, delayMs, loaded]);
  return loaded;
}

/** The reminders of the open app (reminders.tsx). */
export function LaterReminders() {
  return useLoadedLater(Reminders, REMINDERS_AFTER_MS) ? <Reminders /> : null;
}

/** The dashboard's 'Today · 3' (due-today-chip.tsx). */
export function DueTodayChip() {
  return useLoadedLater(Chip) ? <Chip /> : null;
}
