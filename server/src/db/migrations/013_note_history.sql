-- The history of every note (issue 32; docs/history.md). Before a write replaces a note's content, the
-- write trigger below keeps the content it replaces as a version when:
--   - the write moves the note to the Trash or back ('trash', 'restore');
--   - the write says why (a push's Sprout-History header, docs/api.md, in sprout.history_marks: the note
--     ids of the request with 'ai' for an assistant's result applied, 'conflict' for a resolved conflict),
--     or a version is being restored (the restore endpoint sets sprout.history_reason = 'version');
--   - the content it replaces was written in another session, that is on another device ('device');
--   - no version of the note was kept in the last 10 minutes ('interval'), so one session's continuous
--     editing keeps at most one version every 10 minutes.
-- A session is the signed-in device (its tabs share it); the REST layer names the writer's session in
-- sprout.session for every write, and a write without one (SQL, the purge) counts as another session.
-- History belongs to the note's owner, is kept 90 days and at least the last 20 versions of a note
-- (purge_old_versions), and goes with the note when it is deleted for good.

-- Who wrote each note's current content, and when a version of it was last kept. No foreign key: a
-- push of 1,000 new notes would check it 1,000 times (a third of that INSERT's time on PGlite); the
-- triggers below add and remove a note's head with the note, a statement at a time.
CREATE TABLE note_heads (
  note_id uuid PRIMARY KEY,
  session_id uuid,
  kept_at timestamptz
);

CREATE TABLE note_versions (
  id bigserial PRIMARY KEY,
  note_id uuid NOT NULL REFERENCES notes (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The note's revision while it held this content, and when that content was written (its updated_at).
  revision bigint NOT NULL,
  written_at timestamptz NOT NULL,
  -- The note's content fields, as one JSON object (note_content below).
  content jsonb NOT NULL,
  -- The browser and system of the session that wrote it (sessions.user_agent then), if known.
  user_agent text,
  reason text NOT NULL CHECK (reason IN ('device', 'interval', 'trash', 'restore', 'ai', 'conflict', 'version')),
  kept_at timestamptz NOT NULL DEFAULT now(),
  bytes integer NOT NULL
);
CREATE INDEX note_versions_note_idx ON note_versions (note_id, id DESC);
CREATE INDEX note_versions_kept_at_idx ON note_versions (kept_at);

-- A note's content: every column but its identity, times and sync bookkeeping. A content field added to
-- notes later is in it without a change here.
CREATE FUNCTION note_content(n notes) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT to_jsonb(n) - ARRAY['id', 'user_id', 'created_at', 'updated_at', 'deleted_at', 'revision',
    'base_revision', 'last_mutation_id']
$$;

-- New notes' heads, one statement for all the rows a write inserted (a row trigger doubled the time of a
-- 1,000-note push's INSERT on PGlite).
CREATE FUNCTION notes_history_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO note_heads (note_id, session_id)
    SELECT i.id, nullif(current_setting('sprout.session', true), '')::uuid FROM inserted i
    WHERE i.deleted_at IS NULL
    ON CONFLICT (note_id) DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER notes_history_after_insert AFTER INSERT ON notes
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION notes_history_after_insert();

-- A note deleted from the table (the tombstone purge, an account's deletion) takes its head with it.
CREATE FUNCTION notes_history_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM note_heads h USING removed r WHERE h.note_id = r.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER notes_history_after_delete AFTER DELETE ON notes
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notes_history_after_delete();

CREATE FUNCTION notes_keep_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  session_ uuid := nullif(current_setting('sprout.session', true), '')::uuid;
  reason_ text := coalesce(nullif(current_setting('sprout.history_reason', true), ''),
    nullif(current_setting('sprout.history_marks', true), '')::jsonb ->> NEW.id::text);
  head_ note_heads;
  kept_ jsonb;
BEGIN
  IF NEW.deleted_at IS NULL AND note_content(OLD) IS NOT DISTINCT FROM note_content(NEW) THEN
    RETURN NULL; -- nothing the note holds changed (a write of the same content, of its times only)
  END IF;
  IF NEW.deleted_at IS NOT NULL THEN
    -- Deleted for good: its history goes with it.
    DELETE FROM note_versions WHERE note_id = NEW.id;
    DELETE FROM note_heads WHERE note_id = NEW.id;
    RETURN NULL;
  END IF;
  SELECT * INTO head_ FROM note_heads WHERE note_id = NEW.id FOR UPDATE;
  IF reason_ IS NULL THEN
    reason_ := CASE
      WHEN OLD.trashed_at IS NULL AND NEW.trashed_at IS NOT NULL THEN 'trash'
      WHEN OLD.trashed_at IS NOT NULL AND NEW.trashed_at IS NULL THEN 'restore'
      WHEN head_.note_id IS NULL OR head_.session_id IS NULL OR head_.session_id IS DISTINCT FROM session_ THEN 'device'
      WHEN head_.kept_at IS NULL OR head_.kept_at <= now() - interval '10 minutes' THEN 'interval'
    END;
  END IF;
  IF reason_ IS NOT NULL AND OLD.deleted_at IS NULL THEN
    kept_ := note_content(OLD);
    INSERT INTO note_versions (note_id, user_id, revision, written_at, content, user_agent, reason, bytes)
      VALUES (OLD.id, OLD.user_id, OLD.revision, OLD.updated_at, kept_,
        (SELECT s.user_agent FROM sessions s WHERE s.id = head_.session_id), reason_, octet_length(kept_::text));
  END IF;
  INSERT INTO note_heads (note_id, session_id, kept_at)
    VALUES (NEW.id, session_, CASE WHEN reason_ IS NOT NULL THEN now() END)
    ON CONFLICT (note_id) DO UPDATE
      SET session_id = EXCLUDED.session_id, kept_at = coalesce(EXCLUDED.kept_at, note_heads.kept_at);
  RETURN NULL;
END
$$;

-- Every write gives the note a new revision; the after-insert housekeeping of 002 and 012 does not. It
-- follows every row a push inserts, so the condition reads no more than the revisions: a condition that
-- read the whole rows (note_content) made a 1,000-note push's INSERT 1.4x slower on PGlite, even when
-- it stopped at the revisions. The function compares the content.
CREATE TRIGGER notes_keep_history AFTER UPDATE ON notes
  FOR EACH ROW WHEN (NEW.revision <> OLD.revision) EXECUTE FUNCTION notes_keep_history();

-- Removes up to p_limit versions kept longer ago than p_keep_days, except each note's newest p_keep_count,
-- oldest first; returns how many. Takes the purges' lock (011): one purge at a time on a database.
CREATE FUNCTION purge_old_versions(p_keep_days integer, p_keep_count integer, p_limit integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  cutoff timestamptz := now() - make_interval(days => p_keep_days);
  purged integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727003) THEN
    RETURN 0;
  END IF;
  WITH ranked AS (
    SELECT v.id, v.kept_at, row_number() OVER (PARTITION BY v.note_id ORDER BY v.id DESC) AS newest
    FROM note_versions v
    WHERE v.note_id IN (SELECT o.note_id FROM note_versions o WHERE o.kept_at < cutoff)
  ), gone AS (
    DELETE FROM note_versions WHERE id IN (
      SELECT r.id FROM ranked r WHERE r.kept_at < cutoff AND r.newest > p_keep_count ORDER BY r.id LIMIT p_limit)
    RETURNING 1
  )
  SELECT count(*) INTO purged FROM gone;
  RETURN purged;
END
$$;
