-- Keep out of the assistant (issue 34): a content field of a note, declared in core/note-fields.ts, true
-- when the user keeps the note out of the assistant: nothing of it goes to the AI. Kept in the history's
-- versions (note_content() takes every column it does not name); a restore leaves it as it is (a placement
-- field, server/src/history/commands.ts), so a restore never makes a kept-out note sendable.
ALTER TABLE notes ADD COLUMN ai_excluded boolean NOT NULL DEFAULT false;

-- 018's version with the field: a tombstone keeps nothing of it, and a tombstone of a listed note that
-- becomes a move to the Trash [S30] keeps it.
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
      NEW.pinned_at := OLD.pinned_at;
      NEW.archived_at := OLD.archived_at;
      NEW.tags := OLD.tags;
      NEW.ai_excluded := OLD.ai_excluded;
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
    NEW.pinned_at := NULL;
    NEW.archived_at := NULL;
    NEW.tags := NULL;
    NEW.ai_excluded := false;
    -- On INSERT, trashed_at stays until the row is in (notes_after_insert clears it): an upsert's ON
    -- CONFLICT branch reads it from EXCLUDED, and it is what tells a delete forever from an older delete.
    IF TG_OP = 'UPDATE' THEN
      NEW.trashed_at := NULL;
    END IF;
  END IF;
  RETURN NEW;
END
$$;

-- 012's version, with the search path 016 gave it (a CREATE OR REPLACE sets every property anew), that
-- leaves out of a chat prompt's recent notes the notes kept out of the assistant: not even their titles
-- reach the AI.
CREATE OR REPLACE FUNCTION private.ai_caller_context(p_user_id uuid, p_recent_notes integer, p_user_key boolean)
RETURNS TABLE (user_metadata jsonb, ciphertext text, iv text, auth_tag text, key_id text, recent_notes json)
LANGUAGE plpgsql STABLE SET search_path = public, private, pg_temp AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT u.user_metadata, k.ciphertext, k.iv, k.auth_tag, k.key_id,
      CASE WHEN p_recent_notes > 0 THEN (
        SELECT json_agg(json_build_object('title', r.title, 'updatedAt', r.updated_at))
        FROM (
          SELECT n.title, n.updated_at FROM notes n
          WHERE n.user_id = u.id AND n.deleted_at IS NULL AND n.trashed_at IS NULL AND NOT n.ai_excluded
          ORDER BY n.updated_at DESC LIMIT p_recent_notes
        ) r
      ) END
    FROM users u
    LEFT JOIN user_ai_keys k ON p_user_key AND k.user_id = u.id
    WHERE u.id = p_user_id;
END $$;
