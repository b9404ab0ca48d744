// The moment a screen that sorts or words things by day goes by (Today's Overdue / Today / Next 7 days, the
// dashboard's 'Today · 3', a due chip's 'Tomorrow'): read again when the day changes in the user's zone, so
// a screen left open overnight moves its items on at midnight without a reload. A timer does not run while
// a phone sleeps or a tab is frozen, so the day is also checked when the page is shown again.
import { useEffect, useState } from 'react';
import { addDays, dayInZone, instantOf } from '#core/zoned-time';

/** setTimeout's longest wait is about 24.8 days; a day is far shorter, but a clock set wrong need not be. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;
/** Past midnight by this much, so that a timer that fires a little early still finds the new day. */
const AFTER_MIDNIGHT_MS = 1_000;

/** The instant the day after `now`'s begins in `timeZone` (not always 00:00 where clocks change at midnight). */
export function nextDayStart(now: Date, timeZone: string): Date {
  return instantOf(addDays(dayInZone(now, timeZone), 1), '00:00', timeZone);
}

/**
 * The current moment as of the last change of day in `timeZone` (or the first render): the component
 * renders again when the day changes, not every minute. Use it for what depends on the day only.
 */
export function useDayClock(timeZone: string): Date {
  const [now, setNow] = useState(() => new Date());
  const day = dayInZone(now, timeZone);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      const current = new Date();
      if (dayInZone(current, timeZone) !== day) {
        setNow(current);
        return;
      }
      const wait = nextDayStart(current, timeZone).getTime() - current.getTime() + AFTER_MIDNIGHT_MS;
      timer = setTimeout(check, Math.min(wait, LONGEST_WAIT_MS));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [day, timeZone]);
  return now;
}
