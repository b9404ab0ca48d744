// What the calendar endpoints accept: nothing in the signed-in ones' bodies, and a feed's file name.
import { z } from 'zod';
import { FEED_TOKEN_PATTERN } from './feed-token';

export const noBodySchema = z.strictObject({});

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
