// Kysely's view of the database tables (kept in step with migrations/*.sql).
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  encrypted_password: string;
  user_metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  email_confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_sign_in_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  refreshed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  token_hash: string;
  session_id: string;
  user_id: string;
  parent_id: string | null;
  revoked: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NotesTable {
  id: Generated<string>;
  user_id: string;
  title: string;
  content: string;
  expanded_content: string | null;
  is_checklist: boolean;
  checklist_items: Json<unknown[] | null> | null;
  chat_history: Json<unknown[] | null> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  revision: ColumnType<number, never, never>;
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_mutation_id: string | null;
  base_revision: ColumnType<string | null, number | null | undefined, number | null>;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface UserAiKeysTable {
  user_id: string;
  ciphertext: string;
  iv: string;
  auth_tag: string;
  key_id: string;
  last4: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  expires_at: Timestamp;
}

/** Rows per user in notes, tombstones included, kept by triggers (migrations/007_note_counts.sql). */
export interface NoteCountsTable {
  user_id: string;
  n: number;
}

/** Where the revision sequence stood, at most once an hour: a purge reads tombstones' age from them (migrations/011). */
export interface RevisionMarksTable {
  hour: Timestamp;
  marked_at: Timestamp;
  revision: number;
}

/** Per user, the highest revision of their tombstones the purge removed (migrations/011, docs/sync.md [S10]). */
export interface PurgeHorizonsTable {
  user_id: string;
  purged_through: number;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  notes: NotesTable;
  server_secrets: ServerSecretsTable;
  user_ai_keys: UserAiKeysTable;
  rate_limits: RateLimitsTable;
  note_counts: NoteCountsTable;
  revision_marks: RevisionMarksTable;
  purge_horizons: PurgeHorizonsTable;
}
