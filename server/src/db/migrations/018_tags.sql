-- Tags (issue 33): a content field of a note, declared in core/note-fields.ts: the note's own tags, a JSON
-- list of lower-case names (core/tags.ts), null for none. The server checks each write against the
-- declaration; the text's `#tags` stay in the text. Like what the note says, tags are kept in its history
-- (note_content() takes every column it does not name).
ALTER TABLE notes ADD COLUMN tags jsonb;

-- 017's version with the field: a tombstone keeps no tags, and a tombstone of a listed note that becomes a
-- move to the Trash [S30] keeps them.
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
    -- On INSERT, trashed_at stays until the row is in (notes_after_insert clears it): an upsert's ON
    -- CONFLICT branch reads it from EXCLUDED, and it is what tells a delete forever from an older delete.
    IF TG_OP = 'UPDATE' THEN
      NEW.trashed_at := NULL;
    END IF;
  END IF;
  RETURN NEW;
END
$$;
