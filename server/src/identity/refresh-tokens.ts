// Sessions and their refresh tokens: start a session, and rotate its token with GoTrue's reuse interval.
// Tokens are random (256 bits) or derived from their parent by HMAC, and only their SHA-256 is stored.
// Deriving the child lets a reuse within the interval return the very token the first caller got, so
// several tabs refreshing at once all end up holding the same, valid token.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

export const REFRESH_REUSE_INTERVAL_MS = 10_000;
const MAX_CHAIN_WALK = 50;

/** A rotation's outcome: the next token, or why there is none (the auth surface words the refusal). */
export type Rotation =
  | { kind: 'ok'; userId: string; sessionId: string; refreshToken: string }
  | { kind: 'not_found' }
  | { kind: 'reused' };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class RefreshTokens {
  constructor(private readonly derivationKey: string) {}

  private child(parent: string): string {
    return createHmac('sha256', this.derivationKey).update(parent).digest('base64url');
  }

  /** Starts a session for the user and returns its first refresh token. */
  async startSession(
    trx: Transaction<DB>,
    userId: string,
    client: { userAgent?: string | undefined; ip?: string | undefined },
  ): Promise<{ sessionId: string; refreshToken: string }> {
    const session = await trx
      .insertInto('sessions')
      .values({ user_id: userId, user_agent: client.userAgent?.slice(0, 500) ?? null, ip: client.ip ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refreshToken = randomBytes(32).toString('base64url');
    await trx
      .insertInto('refresh_tokens')
      .values({ token_hash: hashToken(refreshToken), session_id: session.id, user_id: userId })
      .execute();
    return { sessionId: session.id, refreshToken };
  }

  /**
   * Exchanges a refresh token for the next one. A token used again within the reuse interval yields
   * the session's current token; used again later, it ends the whole session (a stolen token).
   */
  async rotate(db: Kysely<DB>, token: string): Promise<Rotation> {
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', hashToken(token))
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { kind: 'not_found' as const };
      const now = Date.now();
      if (!row.revoked) {
        const next = this.child(token);
        await trx
          .updateTable('refresh_tokens')
          .set({ revoked: true, updated_at: sql<Date>`now()` })
          .where('id', '=', row.id)
          .execute();
        await trx
          .insertInto('refresh_tokens')
          .values({ token_hash: hashToken(next), session_id: row.session_id, user_id: row.user_id, parent_id: row.id })
          .execute();
        await trx
          .updateTable('sessions')
          .set({ refreshed_at: sql<Date>`now()` })
          .where('id', '=', row.session_id)
          .execute();
        return { kind: 'ok' as const, userId: row.user_id, sessionId: row.session_id, refreshToken: next };
      }
      if (now - row.updated_at.getTime() <= REFRESH_REUSE_INTERVAL_MS) {
        let current = token;
        for (let i = 0; i < MAX_CHAIN_WALK; i++) {
          current = this.child(current);
          const descendant = await trx
            .selectFrom('refresh_tokens')
            .select(['revoked'])
            .where('token_hash', '=', hashToken(current))
            .executeTakeFirst();
          if (!descendant) break;
          if (!descendant.revoked) {
            return { kind: 'ok' as const, userId: row.user_id, sessionId: row.session_id, refreshToken: current };
          }
        }
      }
      // Reuse outside the interval: someone else holds this session's tokens. End it.
      await trx.deleteFrom('sessions').where('id', '=', row.session_id).execute();
      return { kind: 'reused' as const };
    });
    return outcome;
  }
}
