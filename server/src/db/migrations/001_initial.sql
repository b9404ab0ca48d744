-- Users, sessions and refresh tokens for the GoTrue-compatible auth service, the notes table with its
-- sync bookkeeping (docs/sync.md), and server-generated secrets.

CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  encrypted_password text NOT NULL,
  user_metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_agent text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  refreshed_at timestamptz
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- Tokens are stored as SHA-256 hashes only. A used token is revoked, not deleted, so that a reuse can
-- be recognised: within the reuse interval it yields the current token, later it ends the session.
CREATE TABLE refresh_tokens (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  parent_id bigint REFERENCES refresh_tokens (id) ON DELETE CASCADE,
  revoked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);
CREATE INDEX refresh_tokens_parent_id_idx ON refresh_tokens (parent_id);

CREATE SEQUENCE notes_revision_seq;

CREATE TABLE notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL DEFAULT '',
  content text NOT NULL DEFAULT '',
  expanded_content text,
  is_checklist boolean NOT NULL DEFAULT false,
  checklist_items jsonb,
  chat_history jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  revision bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz,
  last_mutation_id text,
  base_revision bigint
);
CREATE INDEX notes_user_updated_idx ON notes (user_id, updated_at DESC);
CREATE INDEX notes_user_revision_idx ON notes (user_id, revision);

-- Every write gets a fresh revision from one global sequence, so clients sync by revision, never by
-- clocks. A write carrying a stale base_revision is refused with SQLSTATE PT409 and the current row
-- as detail (the REST layer answers 409). A tombstone keeps no content.
CREATE FUNCTION notes_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.id IS DISTINCT FROM OLD.id OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'id and user_id of a note cannot change' USING ERRCODE = '42501';
    END IF;
    IF NEW.base_revision IS NOT NULL AND NEW.base_revision <> OLD.revision THEN
      RAISE EXCEPTION 'The note changed on the server since this edit was made'
        USING ERRCODE = 'PT409',
              DETAIL = (row_to_json(OLD)::jsonb - 'base_revision')::text,
              HINT = 'Fetch the current row, merge, and retry with its revision as base_revision';
    END IF;
    -- base_revision only guards this one write.
    NEW.base_revision := NULL;
  END IF;
  -- On INSERT base_revision is left alone: an upsert's ON CONFLICT DO UPDATE reads it from EXCLUDED,
  -- which carries the effects of this trigger.
  NEW.revision := nextval('notes_revision_seq');
  IF NEW.deleted_at IS NOT NULL THEN
    NEW.title := '';
    NEW.content := '';
    NEW.expanded_content := NULL;
    NEW.is_checklist := false;
    NEW.checklist_items := NULL;
    NEW.chat_history := NULL;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER notes_before_write BEFORE INSERT OR UPDATE ON notes
  FOR EACH ROW EXECUTE FUNCTION notes_before_write();

-- DELETE leaves a tombstone so that other devices learn of the deletion. Purging old tombstones and
-- deleting an account set sprout.hard_delete for their transaction.
CREATE FUNCTION notes_before_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('sprout.hard_delete', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF OLD.deleted_at IS NULL THEN
    UPDATE notes SET deleted_at = now() WHERE id = OLD.id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER notes_before_delete BEFORE DELETE ON notes
  FOR EACH ROW EXECUTE FUNCTION notes_before_delete();

CREATE TABLE user_ai_keys (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  ciphertext text NOT NULL,
  iv text NOT NULL,
  auth_tag text NOT NULL,
  key_id text NOT NULL,
  last4 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
