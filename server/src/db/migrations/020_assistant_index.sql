-- The assistant's index of meaning (issue 34, ARCHITECTURE 10.7): each note of a user who turned on 'Use
-- my notes with the assistant', cut into passages, each passage's embedding from the configured provider.
-- It is a cache keyed by the embedding model, fed from the notes' revisions by the server's indexer
-- (server/src/ai/meaning/indexer.ts), and the server's own: it lives in `private`, which a user's request
-- never reaches. Everything here goes with the account (ON DELETE CASCADE) and with the setting.

-- Whether the user lets the assistant read their notes (no row is off), and how far the indexer has read
-- their notes: every note at or below `indexed_revision` is in the index of `indexed_model` as it is now
-- (a note's revision grows with each write, the Trash and deletion included).
CREATE TABLE private.assistant_settings (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  enabled boolean NOT NULL,
  indexed_model text,
  indexed_revision bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- What the index holds of each note for a model: a write that leaves the indexed text as it was (a pin,
-- a tick moved back) is recognised by its hash and costs no embedding.
CREATE TABLE private.note_index_state (
  note_id uuid NOT NULL REFERENCES notes (id) ON DELETE CASCADE,
  model text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  note_revision bigint NOT NULL,
  text_hash text NOT NULL,
  passages integer NOT NULL,
  indexed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (note_id, model)
);
CREATE INDEX note_index_state_user_idx ON private.note_index_state (user_id, model);

-- The passages and their embeddings: float32, little-endian, as many as the model gives.
CREATE TABLE private.note_chunks (
  note_id uuid NOT NULL REFERENCES notes (id) ON DELETE CASCADE,
  model text NOT NULL,
  chunk_index integer NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  passage text NOT NULL,
  embedding bytea NOT NULL,
  PRIMARY KEY (note_id, model, chunk_index)
);
CREATE INDEX note_chunks_user_idx ON private.note_chunks (user_id, model);

-- Each user's index changes under one number, so a server's copy in memory knows when it is stale.
CREATE TABLE private.assistant_index_generations (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  generation bigint NOT NULL DEFAULT 0
);

-- One indexer at a time among the servers on this database: a lease its holder renews while it works, so
-- a server that stops mid-batch leaves the work to the next after the lease runs out.
CREATE TABLE private.assistant_indexer_lease (
  id integer PRIMARY KEY CHECK (id = 1),
  holder text NOT NULL,
  held_until timestamptz NOT NULL
);

ALTER TABLE private.assistant_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY assistant_settings_own ON private.assistant_settings
  USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());
ALTER TABLE private.note_index_state ENABLE ROW LEVEL SECURITY;
CREATE POLICY note_index_state_own ON private.note_index_state
  USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());
ALTER TABLE private.note_chunks ENABLE ROW LEVEL SECURITY;
CREATE POLICY note_chunks_own ON private.note_chunks
  USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());
ALTER TABLE private.assistant_index_generations ENABLE ROW LEVEL SECURITY;
CREATE POLICY assistant_index_generations_own ON private.assistant_index_generations
  USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());
