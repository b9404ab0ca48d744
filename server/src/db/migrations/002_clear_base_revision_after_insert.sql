-- An upsert's ON CONFLICT branch reads base_revision from EXCLUDED, so the BEFORE INSERT trigger cannot
-- clear it; a plain insert therefore left the guard on the row, and a later UPDATE that did not set it
-- (the tombstone UPDATE of notes_before_delete, a plain PATCH) was refused as stale. Clear it once the
-- row is in, without counting that housekeeping as a write.

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
  END IF;
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

CREATE FUNCTION notes_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('sprout.clearing_base_revision', 'on', true);
  UPDATE notes SET base_revision = NULL WHERE id = NEW.id;
  PERFORM set_config('sprout.clearing_base_revision', 'off', true);
  RETURN NULL;
END
$$;

CREATE TRIGGER notes_after_insert AFTER INSERT ON notes
  FOR EACH ROW WHEN (NEW.base_revision IS NOT NULL) EXECUTE FUNCTION notes_after_insert();

UPDATE notes SET base_revision = NULL WHERE base_revision IS NOT NULL;
