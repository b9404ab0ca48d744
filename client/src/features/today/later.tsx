// What the dashboard and the layout show of dated items (issue 35) comes after the first screen's content:
// the reminders and the dashboard's count load their code (and the date rules) and read the notes once it
// is shown (lib/first-content.ts), so neither is part of the first load or competes with it.
import { useEffect, useState, type ComponentProps } from 'react';
import { afterContentShown } from '../../lib/first-content';
import { lazyWithPreload } from '../../lib/lazy-with-preload';

const Reminders = lazyWithPreload(() => import('./reminders').then((m) => m.Reminders));
const Chip = lazyWithPreload(() => import('./due-today-chip').then((m) => m.DueTodayChip));

/**
 * The reminders wait this long more: their code (the note write path with it) and reads would otherwise
 * land in the start's busy seconds, which a phone's Lighthouse score counts; a reminder due meanwhile is
 * still shown (reminders.tsx shows those missed by up to an hour).
 */
const REMINDERS_AFTER_MS = 5_000;

function useContentWasShown(delayMs = 0): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void afterContentShown().then(() => {
      timer = setTimeout(() => {
        if (mounted) setShown(true);
      }, delayMs);
    });
    return () => {
      mounted = false;
      clearTimeout(timer);
    };
  }, [delayMs]);
  return shown;
}

/** The reminders of the open app (reminders.tsx). */
export function LaterReminders() {
  return useContentWasShown(REMINDERS_AFTER_MS) ? <Reminders /> : null;
}

/** The dashboard's 'Today · 3' (due-today-chip.tsx). */
export function DueTodayChip(props: ComponentProps<typeof Chip>) {
  return useContentWasShown() ? <Chip {...props} /> : null;
}
