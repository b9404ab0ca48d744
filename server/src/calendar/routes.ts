// The calendar feed (docs/api.md, "Calendar feed"; issue 35, item 4), two surfaces that app.ts mounts:
// the signed-in user's management of their feed under /api, and the feed itself under /calendar, where
// the token in the file name is the credential (calendar apps send no session).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calendarFeed } from '#core/icalendar';
import { callerOf } from '../http/authentication';
import type { AppContext } from '../http/context';
import { ApiError, RATE_LIMITED_MESSAGE } from '../http/errors/json-errors';
import { parseBody } from '../http/parse-body';
import { publicOrigin } from '../http/public-origin';
import { createFeed, datedSteps, feedOwner, feedStatus, revokeFeed } from './commands';
import { hashFeedToken } from './feed-token';
import { presentFeedStatus, presentNewFeed } from './presenters';
import { feedFileSchema, newFeedSchema, noBodySchema } from './schemas';

/** How long a calendar app or the browser may keep a fetched feed before asking again. */
export const FEED_MAX_AGE_SECONDS = 300;

const noFeed = () => new ApiError(404, 'not_found', 'There is no calendar feed at this address.');

/** GET, POST and DELETE /api/calendar/feed: whether the feed is on, a new link, and turning it off. */
export async function calendarFeedRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // A new feed's answer holds its token: no cache may keep it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/calendar/feed', async (request) => {
    const { createdAt } = await feedStatus(ctx, callerOf(request).userId);
    return presentFeedStatus(createdAt);
  });

  app.post('/calendar/feed', async (request, reply) => {
    // A POST without a body (an older client) makes a feed in UTC.
    const { timeZone } = parseBody(newFeedSchema, request.body);
    const { token, createdAt } = await createFeed(ctx, callerOf(request).userId, timeZone ?? null);
    return reply.code(201).send(presentNewFeed(publicOrigin(ctx.config, app), token, createdAt));
  });

  app.delete('/calendar/feed', async (request, reply) => {
    parseBody(noBodySchema, request.body);
    await revokeFeed(ctx, callerOf(request).userId);
    return reply.code(204).send();
  });
}

/** The token in `/calendar/<token>.ics`, when the name has the form of one. */
function tokenOf(request: FastifyRequest): string | null {
  const parsed = feedFileSchema.safeParse(request.params);
  return parsed.success ? parsed.data.file : null;
}

/** GET /calendar/<token>.ics: the token's user's dated items, as iCalendar. */
export async function calendarFileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { calendar, calendarIp, calendarWindowMs } = ctx.config.rateLimits;
  // Per IP first: it bounds guessing, and how many made-up tokens one address can add to the counters.
  const ipLimit = app.rateLimit({
    max: calendarIp,
    timeWindow: calendarWindowMs,
    keyGenerator: (request) => `calendar-ip:${request.ip}`,
  });
  // Per feed, by its hash (the counters are stored, the token never is). The plugin runs one of its own
  // hooks per request, so this second limit is a check of its own; a malformed token has no feed to count.
  const feedLimit = app.createRateLimit({
    max: calendar,
    timeWindow: calendarWindowMs,
    keyGenerator: (request) => `calendar-feed:${hashFeedToken(tokenOf(request) ?? '')}`,
  });
  const limitPerFeed = async (request: FastifyRequest) => {
    if (tokenOf(request) === null) return;
    const counted = await feedLimit(request);
    if (!counted.isAllowed && counted.isExceeded) {
      throw new ApiError(429, 'rate_limited', RATE_LIMITED_MESSAGE, { 'Retry-After': String(counted.ttlInSeconds) });
    }
  };

  app.get('/:file', { onRequest: [ipLimit, limitPerFeed] }, async (request, reply) => {
    const token = tokenOf(request);
    if (token === null) throw noFeed();
    const owner = await feedOwner(ctx, token);
    if (owner === undefined) throw noFeed();
    const steps = await datedSteps(ctx, owner.userId);
    const body = calendarFeed(steps, {
      origin: publicOrigin(ctx.config, app),
      now: new Date(),
      ...(owner.timeZone && { timeZone: owner.timeZone }),
    });
    return (
      reply
        .type('text/calendar; charset=utf-8')
        .header('Cache-Control', `private, max-age=${FEED_MAX_AGE_SECONDS}`)
        // The address is a secret: search engines that come upon it leave it out.
        .header('X-Robots-Tag', 'noindex')
        .send(body)
    );
  });
}
