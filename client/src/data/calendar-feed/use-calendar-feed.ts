// The calendar feed for Settings: its status (one query per user) and the two changes. A new link is
// kept only in this hook's memory, beside the status it belongs to: the server never shows it again.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deviceTimeZone } from '../../lib/time-zone';
import { useUserId } from '../auth';
import {
  createCalendarFeed,
  fetchCalendarFeed,
  turnOffCalendarFeed,
  type CalendarFeedStatus,
  type NewCalendarFeed,
} from './calendar-feed-api';

function calendarFeedQuery(userId: string | null) {
  return queryOptions({
    queryKey: ['calendar-feed', userId],
    queryFn: fetchCalendarFeed,
    enabled: userId !== null,
    staleTime: 30_000,
    retry: false,
  });
}

export interface CalendarFeedSetting {
  /** Null until the server answered (or when it cannot be reached). */
  status: CalendarFeedStatus | null;
  loading: boolean;
  /** The server could not be asked (offline, or it failed). */
  unavailable: boolean;
  /** The link made in this visit, while it is still the feed's; null once the page forgot it. */
  url: string | null;
  busy: boolean;
  /** Makes the feed (or makes it anew); rejects on failure. */
  create: () => Promise<NewCalendarFeed>;
  turnOff: () => Promise<void>;
}

export function useCalendarFeed(): CalendarFeedSetting {
  const userId = useUserId();
  const client = useQueryClient();
  const { queryKey } = calendarFeedQuery(userId);
  const query = useQuery(calendarFeedQuery(userId));
  const created = useMutation({
    // The feed writes repeating timed items in the zone of the device that makes its link.
    mutationFn: () => createCalendarFeed(deviceTimeZone()),
    onSuccess: ({ enabled, createdAt }) => client.setQueryData(queryKey, { enabled, createdAt }),
  });
  const turnedOff = useMutation({
    mutationFn: turnOffCalendarFeed,
    onSuccess: () => {
      created.reset();
      client.setQueryData(queryKey, { enabled: false, createdAt: null });
    },
  });
  const status = query.data ?? null;
  const made = created.data;
  return {
    status,
    loading: query.isPending && query.fetchStatus !== 'idle',
    unavailable: query.isError,
    url: made && status?.enabled && status.createdAt === made.createdAt ? made.url : null,
    busy: created.isPending || turnedOff.isPending,
    create: () => created.mutateAsync(),
    turnOff: () => turnedOff.mutateAsync(),
  };
}
