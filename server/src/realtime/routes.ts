// Surface: the Supabase-Realtime-compatible change feed at /realtime/v1/websocket (docs/api.md). The
// upgrade is an ordinary GET through the kernel; it needs the app's anon key and the serializer
// version realtime-js uses (2.0.0). Who the user is comes later, from each join's access token.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';
import { apiErrors } from '../http/errors/json-errors';
import type { RealtimeHub } from './hub';

export const REALTIME_VSN = '2.0.0';

interface UpgradeQuery {
  apikey?: unknown;
  vsn?: unknown;
}

export function realtimeRoutes(hub: RealtimeHub) {
  return async (app: FastifyInstance, ctx: AppContext) => {
    app.get<{ Querystring: UpgradeQuery }>(
      '/websocket',
      {
        websocket: true,
        preValidation: async (request) => {
          const { apikey, vsn } = request.query;
          if (apikey !== ctx.anonKey) throw apiErrors.unauthorized('A valid apikey query parameter is required.');
          if (vsn !== REALTIME_VSN) throw apiErrors.invalidRequest(`Only vsn=${REALTIME_VSN} is supported.`);
        },
      },
      (socket) => hub.accept(socket),
    );
  };
}
