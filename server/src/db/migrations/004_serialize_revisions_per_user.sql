-- Revisions come from a sequence, which hands out numbers before commit: on a PostgreSQL server two
-- concurrent writes of one user could commit out of order, and a pull between them (revision > N)
-- would skip the smaller one for good. A per-user transaction lock taken before nextval makes a
-- user's revisions commit in order. (PGlite has one connection, so nothing changes there.)
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
  PERFORM pg_advisory_xact_lock(727002, hashtext(NEW.user_id::text));
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
