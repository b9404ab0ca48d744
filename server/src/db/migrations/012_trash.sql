-- The Trash (docs/sync.md [S29]-[S31]). A note in the Trash keeps its content and carries trashed_at (the
-- clock of the device that moved it); a move there or back is an edit like any other [S29]. No path of the
-- API destroys content the user could still get back [S30]: DELETE, and a tombstone write of a note not in
-- the Trash (an older client build, a plain PostgREST client), move it to the Trash instead; only a
-- tombstone write of a note already there, or one that says when its note went to the Trash (trashed_at:
-- a device that trashed and then deleted it for good before it could sync), deletes it for good. The server deletes for good what has been
-- in the Trash longer than its owner chose (user_metadata.trash_retention_days, core/trash.ts) [S31].
ALTER TABLE notes ADD COLUMN trashed_at timestamptz;

-- 004's function, with [S30]'s guard after the base_revision check (a stale write is refused whatever it
-- carries), and a tombstone clearing trashed_at with the rest of the content. The guard keeps the stored
-- content, not the write's: a tombstone write carries none, and an upsert's row reaches this trigger with
-- its content already cleared by the INSERT half. It keeps the write's updated_at and last_mutation_id,
-- so the device that sent it recognises its own write [S6]. An INSERT with deleted_at (a note the server
-- never had) stays a tombstone: there is nothing to keep.
CREATE OR REPLACE FUNCTION notes_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF current_setting('sprout.clearing_base_revision', true) = 'on' THEN
      RETURN NEW;
    END IF;
    IF NEW.id IS DISTINCT FROM OLD.id OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      RAISE EXCEPTION 'id and user_id of a note cannot change' USING ERRCODE = '42501';
    END IF;
    IF NEW.base_revision IS NOT NULL AND NEW.base_revision <> OLD.revision THEN
      RAISE EXCEPTION 'The note changed on the server since this edit was made'
        USING ERRCODE = 'PT409',
              DETAIL = (row_to_json(OLD)::jsonb - 'base_revision')::text,
              HINT = 'Fetch the current row, merge, and retry with its revision as base_revision';
    END IF;
    NEW.base_revision := NULL;
    IF NEW.deleted_at IS NOT NULL AND NEW.trashed_at IS NULL AND OLD.deleted_at IS NULL AND OLD.trashed_at IS NULL THEN
      NEW.trashed_at := NEW.deleted_at;
      NEW.deleted_at := NULL;
      NEW.title := OLD.title;
      NEW.content := OLD.content;
      NEW.expanded_content := OLD.expanded_content;
      NEW.is_checklist := OLD.is_checklist;
      NEW.checklist_items := OLD.checklist_items;
      NEW.chat_history := OLD.chat_history;
    END IF;
  END IF;
  PERFORM pg_advisory_xact_lock(727002, hashtext(NEW.user_id::text));
  NEW.revision := nextval('notes_revision_seq');
  IF NEW.deleted_at IS NOT NULL THEN
    NEW.title := '';
    NEW.content := '';
    NEW.expanded_content := NULL;
    NEW.is_checklist := false;
    NEW.checklist_items := NULL;
    NEW.chat_history := NULL;
    -- On INSERT, trashed_at stays until the row is in (notes_after_insert clears it): an upsert's ON
    -- CONFLICT branch reads it from EXCLUDED, and it is what tells a delete forever from an older delete.
    IF TG_OP = 'UPDATE' THEN
      NEW.trashed_at := NULL;
    END IF;
  END IF;
  RETURN NEW;
END
$$;

-- 002's housekeeping after an insert also clears a new tombstone's trashed_at (kept by the write trigger
-- for an upsert's ON CONFLICT branch, above), as part of the same uncounted write.
CREATE OR REPLACE FUNCTION notes_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('sprout.clearing_base_revision', 'on', true);
  UPDATE notes SET base_revision = NULL, trashed_at = CASE WHEN deleted_at IS NULL THEN trashed_at END
    WHERE id = NEW.id;
  PERFORM set_config('sprout.clearing_base_revision', 'off', true);
  RETURN NULL;
END
$$;

DROP TRIGGER notes_after_insert ON notes;
CREATE TRIGGER notes_after_insert AFTER INSERT ON notes
  FOR EACH ROW WHEN (NEW.base_revision IS NOT NULL OR (NEW.deleted_at IS NOT NULL AND NEW.trashed_at IS NOT NULL))
  EXECUTE FUNCTION notes_after_insert();

-- 003's function: a plain SQL DELETE of a live note moves it to the Trash [S30], of a note in the Trash or
-- a tombstone changes nothing. Hard deletes (the purge, an account's deletion) are as before.
CREATE OR REPLACE FUNCTION notes_before_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('sprout.hard_delete', true) = 'on'
     OR NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    RETURN OLD;
  END IF;
  IF OLD.deleted_at IS NULL AND OLD.trashed_at IS NULL THEN
    UPDATE notes SET trashed_at = now() WHERE id = OLD.id;
  END IF;
  RETURN NULL;
END
$$;

-- 010's function: a note in the Trash is no longer the user's recent activity either.
CREATE OR REPLACE FUNCTION ai_caller_context(p_user_id uuid, p_recent_notes integer, p_user_key boolean)
RETURNS TABLE (user_metadata jsonb, ciphertext text, iv text, auth_tag text, key_id text, recent_notes json)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT u.user_metadata, k.ciphertext, k.iv, k.auth_tag, k.key_id,
      CASE WHEN p_recent_notes > 0 THEN (
        SELECT json_agg(json_build_object('title', r.title, 'updatedAt', r.updated_at))
        FROM (
          SELECT n.title, n.updated_at FROM notes n
          WHERE n.user_id = u.id AND n.deleted_at IS NULL AND n.trashed_at IS NULL
          ORDER BY n.updated_at DESC LIMIT p_recent_notes
        ) r
      ) END
    FROM users u
    LEFT JOIN user_ai_keys k ON p_user_key AND k.user_id = u.id
    WHERE u.id = p_user_id;
END $$;

-- The trash purge's scan, notes in the Trash only.
CREATE INDEX notes_trash_revision_idx ON notes (revision) WHERE trashed_at IS NOT NULL AND deleted_at IS NULL;

-- Of the newest marks made at least 7, 30 and 90 days ago, the one a user's choice of retention reads
-- (core/trash.ts: a JSON number 7, 30 or 90, or the string 'never'; anything else is the default, 30);
-- null for 'never', which no revision is at or below.
CREATE FUNCTION trash_expiry_mark(p_user_metadata jsonb, p_week bigint, p_month bigint, p_quarter bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_user_metadata -> 'trash_retention_days'
    WHEN '7' THEN p_week WHEN '90' THEN p_quarter WHEN '"never"' THEN NULL ELSE p_month END
$$;

-- [S31] Deletes for good up to p_limit notes that have been in the Trash longer than their owner keeps it
-- (trash_expiry_mark), lowest revision first, and returns how many. Each becomes a tombstone through the
-- write trigger, which clears its content, gives it a new revision and sends the change hint, so every
-- device learns of it at its next pull; the tombstone purge [S10] removes it 90 days later.
--
-- The age is read on the server's clock, as 011's purge reads a tombstone's: a note at or below the newest
-- mark made at least the retention ago was last written before then, so it has been in the Trash, as it
-- is, since before then (its trashed_at is the device's clock, and decides nothing here). This function
-- marks the hour itself, so it needs no other purge before it, and deletes no mark: 011's purge keeps
-- every mark from its 90-day one on, which are the ones read here. It takes 011's lock, so one purge of
-- either kind runs at a time on a database, and a server that finds it taken skips its turn.
CREATE FUNCTION purge_expired_trash(p_limit integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  week bigint;
  month bigint;
  quarter bigint;
  purged integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727003) THEN
    RETURN 0;
  END IF;
  INSERT INTO revision_marks (hour, marked_at, revision)
    SELECT date_trunc('hour', now()), now(), CASE WHEN is_called THEN last_value ELSE 0 END FROM notes_revision_seq
    ON CONFLICT (hour) DO NOTHING;
  SELECT max(revision) FILTER (WHERE marked_at <= now() - interval '7 days'),
         max(revision) FILTER (WHERE marked_at <= now() - interval '30 days'),
         max(revision) FILTER (WHERE marked_at <= now() - interval '90 days')
    INTO week, month, quarter FROM revision_marks;
  IF week IS NULL THEN
    RETURN 0;
  END IF;
  -- The conditions are the UPDATE's own, not only its subquery's: a row written meanwhile (restored,
  -- edited, deleted for good) is checked again in its new version, and kept.
  -- The bound on the newest of the marks lets the scan stop there, on the index above.
  WITH purged_rows AS (
    UPDATE notes n SET deleted_at = now()
    WHERE n.trashed_at IS NOT NULL AND n.deleted_at IS NULL AND n.revision <= week
      AND n.revision <= (
        SELECT trash_expiry_mark(u.user_metadata, week, month, quarter) FROM users u WHERE u.id = n.user_id)
      AND n.id IN (
        SELECT t.id FROM notes t JOIN users u ON u.id = t.user_id
        WHERE t.trashed_at IS NOT NULL AND t.deleted_at IS NULL AND t.revision <= week
          AND t.revision <= trash_expiry_mark(u.user_metadata, week, month, quarter)
        ORDER BY t.revision LIMIT p_limit)
    RETURNING 1
  )
  SELECT count(*) INTO purged FROM purged_rows;
  RETURN purged;
END
$$;
