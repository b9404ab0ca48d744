// What the calendar endpoints accept: the zone of the device that makes a feed's link (or nothing), nothing
// in the other signed-in bodies, and a feed's file name.
import { z } from 'zod';
import { isTimeZone } from '#core/zoned-time';
import { FEED_TOKEN_PATTERN } from './feed-token';

export const noBodySchema = z.strictObject({});

/** POST /api/calendar/feed: the zone the feed writes repeating timed items in; without it, UTC. */
export const newFeedSchema = z.strictObject({
  timeZone: z.string().min(1).max(64).refine(isTimeZone, { error: 'timeZone must be a time zone' }).optional(),
});

/** `<token>.ics`; anything else names no feed. */
export const feedFileSchema = z.object({
  file: z
    .string()
    .max(64)
    .transform((file, context) => {
      const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
      if (FEED_TOKEN_PATTERN.test(token)) return token;
      context.addIssue({ code: 'custom', message: 'not a feed' });
      return z.NEVER;
    }),
});
