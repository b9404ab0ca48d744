// The push and reminder endpoints under /api (docs/api.md, "Reminders"): the server's push key, a
// browser's subscription, and the 'Done' and 'Snooze 1 h' of a reminder, which the service worker sends
// with the push message's action token (action-token.ts) and the app with the user's session.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../http/authentication';
import type { AppContext } from '../http/context';
import { apiErrors } from '../http/errors/json-errors';
import { parseBody } from '../http/parse-body';
import { verifyActionToken } from './action-token';
import {
  deleteSubscription,
  markReminderDone,
  reminderErrors,
  saveSubscription,
  snoozeReminder,
  type Actor,
} from './commands';
import { presentActionResult, presentPushKey } from './presenters';
import { reminderActionSchema, subscriptionSchema, unsubscribeSchema } from './schemas';
import type { Reminders } from './service';

export function reminderRoutes(reminders: Reminders) {
  return async (app: FastifyInstance, ctx: AppContext): Promise<void> => {
    const subscriptionBody = subscriptionSchema(ctx.config.push.allowLoopbackHttp);
    const { rateLimits } = ctx.config;
    // An action token names no user until its body is read: the service worker's calls count by address.
    const limit = app.rateLimit({
      max: rateLimits.write,
      timeWindow: rateLimits.writeWindowMs,
      keyGenerator: (request: FastifyRequest) => `reminders:${request.caller?.userId ?? request.ip}`,
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.get('/push/key', { config: { auth: 'none' } }, async () =>
      presentPushKey(reminders.enabled ? (await reminders.secrets()).vapidPublicKey : null),
    );

    app.post('/push/subscriptions', { onRequest: limit }, async (request, reply) => {
      if (!reminders.enabled) throw reminderErrors.pushOff();
      const subscription = parseBody(subscriptionBody, request.body);
      await saveSubscription(ctx.db, callerOf(request).userId, subscription, request.headers['user-agent']);
      return reply.code(204).send();
    });

    app.delete('/push/subscriptions', { onRequest: limit }, async (request, reply) => {
      const { endpoint } = parseBody(unsubscribeSchema, request.body);
      await deleteSubscription(ctx.db, callerOf(request).userId, endpoint);
      return reply.code(204).send();
    });

    app.post('/reminders/action', { config: { auth: 'optional' }, onRequest: limit }, async (request) => {
      const { token, action, ...reminder } = parseBody(reminderActionSchema, request.body);
      const now = Date.now();
      let actor: Actor;
      if (token !== undefined) {
        const userId = verifyActionToken((await reminders.secrets()).actionKey, token, reminder, now);
        if (!userId) throw reminderErrors.invalidToken();
        actor = { userId, sessionId: null };
      } else if (request.caller) {
        actor = { userId: request.caller.userId, sessionId: request.caller.sessionId };
      } else {
        throw apiErrors.unauthorized('Sign in to use this feature.');
      }
      const result =
        action === 'done'
          ? await markReminderDone(ctx.asUser, actor, reminder)
          : await snoozeReminder(ctx.db, ctx.asUser, actor, reminder, now);
      return presentActionResult(result);
    });
  };
}
