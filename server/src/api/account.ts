// DELETE /api/account: with the current password, removes the user, their sessions and refresh tokens,
// every note (hard-deleted, no tombstones) and their stored AI key, in one transaction.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { verifyPassword } from '../auth/passwords';
import type { DB } from '../db/schema';
import type { AppContext } from '../http/context';
import { callerOf, requireUser } from './auth';
import { ApiError, apiErrors, parseBody } from './errors';

const deleteAccountBodySchema = z.object({
  current_password: z.string({ error: 'current_password is required' }).min(1, 'current_password is required').max(1024),
});

export async function deleteAccount(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The notes trigger turns deletes into tombstones unless this is set for the transaction.
    await sql`SELECT set_config('sprout.hard_delete', 'on', true)`.execute(trx);
    await trx.deleteFrom('notes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_ai_keys').where('user_id', '=', userId).execute();
    await trx.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limits = ctx.config.rateLimits;
  app.delete(
    '/account',
    {
      onRequest: requireUser(ctx),
      // Each attempt checks a password: bound the guesses a stolen access token allows.
      config: {
        rateLimit: {
          max: limits.token,
          timeWindow: limits.windowMs,
          keyGenerator: (request) => `account:${callerOf(request).userId}`,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = parseBody(deleteAccountBodySchema, request.body);
      const user = await ctx.db.selectFrom('users').select('encrypted_password').where('id', '=', caller.userId).executeTakeFirst();
      if (!user) throw apiErrors.unauthorized('Your account no longer exists.');
      if (!(await verifyPassword(user.encrypted_password, body.current_password))) {
        throw new ApiError(400, 'current_password_mismatch', 'Current password does not match.');
      }
      await deleteAccount(ctx.db, caller.userId);
      request.log.info({ userId: caller.userId }, 'account deleted');
      return reply.code(204).send();
    },
  );
}
