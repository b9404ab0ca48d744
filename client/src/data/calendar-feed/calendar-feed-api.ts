// The user's calendar feed as the server keeps it (issue 35; docs/api.md, "Calendar feed"): whether it is
// on and since when, a new link (its token shown this once), and turning it off. Each answer is read
// through a schema: the browser trusts nothing it did not check.
import { z } from 'zod';
import { apiJson, apiResponse } from '../../lib/api-json';
import { authorizedFetch } from '../../lib/authorized-fetch';

const feedStatusSchema = z.object({ enabled: z.boolean(), createdAt: z.iso.datetime().nullable() });
export type CalendarFeedStatus = z.infer<typeof feedStatusSchema>;

const newFeedSchema = z.object({ enabled: z.literal(true), createdAt: z.iso.datetime(), url: z.url() });
export type NewCalendarFeed = z.infer<typeof newFeedSchema>;

const FEED = '/api/calendar/feed';

export async function fetchCalendarFeed(): Promise<CalendarFeedStatus> {
  return apiJson(authorizedFetch(FEED), feedStatusSchema);
}

/**
 * Makes the feed, or makes it anew: the old link stops working. `timeZone` is this device's, which the
 * feed writes repeating timed items in.
 */
export async function createCalendarFeed(timeZone: string): Promise<NewCalendarFeed> {
  return apiJson(
    authorizedFetch(FEED, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ timeZone }),
    }),
    newFeedSchema,
  );
}

export async function turnOffCalendarFeed(): Promise<void> {
  await apiResponse(authorizedFetch(FEED, { method: 'DELETE' }));
}
