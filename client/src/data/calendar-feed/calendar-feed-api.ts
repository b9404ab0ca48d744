// The user's calendar feed as the server keeps it (issue 35; docs/api.md, "Calendar feed"): whether it is
// on and since when, a new link (its token shown this once), and turning it off. Each answer is read
// through a schema: the browser trusts nothing it did not check.
import { z } from 'zod';
import { authorizedFetch } from '../../lib/authorized-fetch';

const feedStatusSchema = z.object({ enabled: z.boolean(), createdAt: z.iso.datetime().nullable() });
export type CalendarFeedStatus = z.infer<typeof feedStatusSchema>;

const newFeedSchema = z.object({ enabled: z.literal(true), createdAt: z.iso.datetime(), url: z.url() });
export type NewCalendarFeed = z.infer<typeof newFeedSchema>;

/** A refusal of the feed's endpoints: the server's `{ error, message }`, or the network's failure. */
export class CalendarFeedError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  let answer: Response;
  try {
    answer = await authorizedFetch(path, init);
  } catch {
    throw new CalendarFeedError('offline', 'The Sprout server could not be reached.', null);
  }
  if (answer.ok) return answer;
  const body: unknown = await answer.json().catch(() => null);
  const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
  throw new CalendarFeedError(
    typeof error === 'string' ? error : 'failed',
    typeof message === 'string' ? message : `The server answered ${answer.status}.`,
    answer.status,
  );
}

async function read<T>(answer: Response, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await answer.json().catch(() => null));
  if (!parsed.success)
    throw new CalendarFeedError('invalid_response', 'The server sent an answer Sprout cannot read.', answer.status);
  return parsed.data;
}

const FEED = '/api/calendar/feed';

export async function fetchCalendarFeed(): Promise<CalendarFeedStatus> {
  return read(await send(FEED), feedStatusSchema);
}

/** Makes the feed, or makes it anew: the old link stops working. */
export async function createCalendarFeed(): Promise<NewCalendarFeed> {
  return read(await send(FEED, { method: 'POST' }), newFeedSchema);
}

export async function turnOffCalendarFeed(): Promise<void> {
  await send(FEED, { method: 'DELETE' });
}
