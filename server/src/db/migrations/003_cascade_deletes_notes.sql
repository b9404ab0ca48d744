-- Deleting a user cascades to their notes; the tombstone trigger must not turn those deletes into
-- tombstones (it skipped them, leaving notes whose owner no longer exists).
CREATE OR REPLACE FUNCTION notes_before_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('sprout.hard_delete', true) = 'on'
     OR NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    RETURN OLD;
  END IF;
  IF OLD.deleted_at IS NULL THEN
    UPDATE notes SET deleted_at = now() WHERE id = OLD.id;
  END IF;
  RETURN NULL;
END
$$;
