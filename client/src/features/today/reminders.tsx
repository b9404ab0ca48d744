// Reminders while Sprout is open (issue 35): at an item's time, a toast with the item and its note, Open
// and Done, and a system notification too when the user allowed them and the page is hidden. One tab
// reminds: the one holding the Web Lock `sprout-reminders-<user>`; when it closes, the next tab takes the
// lock over and, with the shown reminders recorded on the device, carries on where it left off. Loaded
// after the first screen's content, with none of it in the first load.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { reminderTag } from '#core/reminder-tag';
import { ToastAction } from '../../components/ui/toast';
import { useNotesSession, useDueNotes, type DueRange, type NoteView } from '../../data/notes';
import { toast } from '../../lib/toast';
import { planReminders, remindersOf, REMINDER_GRACE_MS, type Reminder } from './reminder-plan';
import { markShown, shownReminders } from './shown-reminders';
import { useTickItem } from './use-tick-item';

/** The notes are read for the hours ahead; the window moves on each hour. */
const HOUR_MS = 3_600_000;
const WINDOW_MS = 48 * HOUR_MS;
/** A reminder toast stays until acted on or closed, up to this long. */
const REMINDER_TOAST_MS = 10 * 60_000;

export function Reminders() {
  const userId = useNotesSession()?.userId ?? null;
  const leader = useReminderLock(userId);
  return userId && leader ? <ReminderClock userId={userId} /> : null;
}

/** Whether this tab is the one that reminds: it holds the user's reminder lock (every tab, without Web Locks). */
function useReminderLock(userId: string | null): boolean {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator;
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!userId || !locks) return;
    const released = new AbortController();
    navigator.locks
      .request(`sprout-reminders-${userId}`, { signal: released.signal }, () => {
        setHeld(true);
        // Held until this tab stops reminding (it signs out or closes).
        return new Promise<void>((resolve) => released.signal.addEventListener('abort', () => resolve()));
      })
      .catch(() => undefined); // aborted while waiting
    return () => {
      released.abort();
      setHeld(false);
    };
  }, [userId, locks]);
  return locks ? held : true;
}

function ReminderClock({ userId }: { userId: string }) {
  const [now, setNow] = useState(() => Date.now());
  const hour = Math.floor(now / HOUR_MS);
  const range = useMemo<DueRange>(
    () => ({
      from: new Date(hour * HOUR_MS - REMINDER_GRACE_MS).toISOString(),
      before: new Date(hour * HOUR_MS + WINDOW_MS).toISOString(),
    }),
    [hour],
  );
  const notes = useDueNotes(range);
  const show = useShowReminder(notes);

  useEffect(() => {
    if (!notes) return;
    const at = Date.now();
    const plan = planReminders(remindersOf(notes), at, shownReminders(userId));
    if (plan.due.length > 0) {
      markShown(userId, plan.due, at);
      // One toast is on screen at a time: the latest reminder; each gets its system notification.
      for (const reminder of plan.due) show(reminder);
    }
    const wake = Math.min(plan.nextAt ?? Infinity, (Math.floor(at / HOUR_MS) + 1) * HOUR_MS);
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, wake - at));
    return () => clearTimeout(timer);
  }, [notes, now, userId, show]);

  return null;
}

function useShowReminder(notes: NoteView[] | undefined): (reminder: Reminder) => void {
  const navigate = useNavigate();
  const tick = useTickItem();
  // Done ticks the note as it is when pressed, not as it was when the reminder showed.
  const latest = useRef(notes);
  useEffect(() => {
    latest.current = notes;
  }, [notes]);
  return useMemo(() => {
    const open = (reminder: Reminder) => void navigate(`/note/${reminder.noteId}`);
    const done = (reminder: Reminder) => {
      const note = latest.current?.find((candidate) => candidate.id === reminder.noteId);
      const item = note?.checklist_items?.find((candidate) => candidate.id === reminder.itemId);
      // Ticked or moved meanwhile (here or elsewhere): Done is done already.
      if (note && item && !item.completed && item.due === reminder.due) void tick(note, reminder.itemId);
    };
    return (reminder: Reminder) => {
      const title = reminder.noteTitle.trim() || 'Untitled note';
      toast({
        title: reminder.text,
        description: `Reminder · ${title}`,
        duration: REMINDER_TOAST_MS,
        action: (
          <span className="flex shrink-0 gap-2">
            <ToastAction altText={`Open the note ${title}`} onClick={() => open(reminder)}>
              Open
            </ToastAction>
            <ToastAction altText={`Mark ${reminder.text} done`} onClick={() => done(reminder)}>
              Done
            </ToastAction>
          </span>
        ),
      });
      if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.hidden) {
        try {
          const notification = new Notification(reminder.text, {
            body: title,
            tag: reminderTag(reminder.noteId, reminder.itemId),
          });
          notification.onclick = () => {
            window.focus();
            open(reminder);
            notification.close();
          };
        } catch {
          // Android's Chrome allows notifications only from a service worker: the toast is there.
        }
      }
    };
  }, [navigate, tick]);
}
