// Kysely's view of the database tables (kept in step with migrations/*.sql; the notes table's from
// core/note-fields.ts, which server/test/notes-table.test.ts holds the real table to).
import type { ColumnType, Generated } from 'kysely';
import type { NOTE_FIELDS, NoteField, SqlType } from '#core/note-fields';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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

/** How the drivers hand each column type over (bigint parsed to a number), and what a write may bind to it (jsonb as JSON text). */
interface SqlTypes {
  uuid: [string, string];
  text: [string, string];
  boolean: [boolean, boolean];
  jsonb: [unknown, string];
  timestamptz: [Date, Date | string];
  bigint: [number, number];
}
type NoteColumnType<F extends { sql: SqlType; nullable: boolean; writer: string }> = F['writer'] extends 'server'
  ? ColumnType<SqlTypes[F['sql']][0], never, never>
  : F['nullable'] extends true
    ? ColumnType<SqlTypes[F['sql']][0] | null, SqlTypes[F['sql']][1] | null | undefined, SqlTypes[F['sql']][1] | null>
    : // A column the database fills when an insert leaves it out (its DEFAULT), or refuses to.
      ColumnType<SqlTypes[F['sql']][0], SqlTypes[F['sql']][1] | undefined, SqlTypes[F['sql']][1]>;

export type NotesTable = { [K in NoteField]: NoteColumnType<(typeof NOTE_FIELDS)[K]> };

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

/**
 * Where the revision sequence stood, at most once an hour: the purges read the age of tombstones and of
 * notes in the Trash from them (migrations/011, 012).
 */
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

/** Earlier versions of notes (migrations/013, docs/history.md). */
export interface NoteVersionsTable {
  id: Generated<string>;
  note_id: string;
  user_id: string;
  revision: number;
  written_at: Timestamp;
  content: unknown;
  user_agent: string | null;
  reason: string;
  kept_at: Generated<Timestamp>;
  bytes: number;
}

/** Who wrote each note's current content, and when a version of it was last kept (migrations/013). */
export interface NoteHeadsTable {
  note_id: string;
  session_id: string | null;
  kept_at: Timestamp | null;
}

/** Settings of the instance its operator changes while it runs (migrations/014, db/instance-settings.ts). */
export interface InstanceSettingsTable {
  name: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

/** Whether a user lets the assistant read their notes (migrations/020); no row is off. */
export interface AssistantSettingsTable {
  user_id: string;
  enabled: boolean;
  leave_out_archived: Generated<boolean>;
  indexed_model: string | null;
  indexed_revision: Generated<number>;
  updated_at: Generated<Timestamp>;
}

/** Which revision of a note the assistant's index holds for a model (migrations/020). */
export interface NoteIndexStateTable {
  note_id: string;
  model: string;
  user_id: string;
  note_revision: number;
  text_hash: string;
  passages: number;
  indexed_at: Generated<Timestamp>;
}

/** A passage of a note and its embedding, float32 little-endian (migrations/020). */
export interface NoteChunksTable {
  note_id: string;
  model: string;
  chunk_index: number;
  user_id: string;
  passage: string;
  embedding: Uint8Array;
}

/** Each user's index generation, bumped on every change to it (migrations/020). */
export interface AssistantIndexGenerationsTable {
  user_id: string;
  generation: Generated<number>;
}

/** The one indexer among the servers on a database (migrations/020). */
export interface AssistantIndexerLeaseTable {
  id: number;
  holder: string;
  held_until: ColumnType<Date, Date | string, Date | string>;
}

/** A browser's Web Push subscription (migrations/023). */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Generated<Timestamp>;
  last_success_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  failures: Generated<number>;
}

/** A reminder sent, claimed once among the servers (migrations/023); `due` is the item's own text. */
export interface RemindersSentTable {
  note_id: string;
  item_id: string;
  due: string;
  user_id: string;
  sent_at: Generated<Timestamp>;
}

/** A reminder snoozed, sent again at `snoozed_until` (migrations/023). */
export interface ReminderSnoozesTable {
  note_id: string;
  item_id: string;
  due: string;
  user_id: string;
  snoozed_until: ColumnType<Date, Date | string, Date | string>;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A user's calendar feed: the SHA-256 of its token, never the token (migrations/022). */
export interface CalendarFeedsTable {
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  /** The IANA zone a feed writes repeating timed items in (migration 024); null: UTC. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Sprout's tables; the server's own are in the schema `private` (migration 016), which no API exposes. */
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  notes: NotesTable;
  'private.server_secrets': ServerSecretsTable;
  'private.user_ai_keys': UserAiKeysTable;
  'private.rate_limits': RateLimitsTable;
  'private.note_counts': NoteCountsTable;
  'private.revision_marks': RevisionMarksTable;
  purge_horizons: PurgeHorizonsTable;
  note_versions: NoteVersionsTable;
  note_heads: NoteHeadsTable;
  'private.instance_settings': InstanceSettingsTable;
  'private.assistant_settings': AssistantSettingsTable;
  'private.note_index_state': NoteIndexStateTable;
  'private.note_chunks': NoteChunksTable;
  'private.assistant_index_generations': AssistantIndexGenerationsTable;
  'private.assistant_indexer_lease': AssistantIndexerLeaseTable;
  'private.calendar_feeds': CalendarFeedsTable;
  'private.push_subscriptions': PushSubscriptionsTable;
  'private.reminders_sent': RemindersSentTable;
  'private.reminder_snoozes': ReminderSnoozesTable;
}
