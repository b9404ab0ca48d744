-- The change hint names the session that wrote the row when the write asked for it (REST's
-- `Sprout-Echo: none`, which sets sprout.writer_session for its transaction): the realtime hub then
-- leaves that session's own sockets out. The device that pushed has the rows already, from the push's
-- answer; echoing a 1,000-note push back to it as 1,000 events cost the server the reads and the device
-- the frames, for nothing (docs/sync.md [S21]). Every other socket of the user gets the hint as before.
CREATE OR REPLACE FUNCTION notes_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_ notes;
BEGIN
  -- The after-insert trigger's own update (002) only clears base_revision: nothing new to tell.
  IF current_setting('sprout.clearing_base_revision', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN row_ := OLD; ELSE row_ := NEW; END IF;
  PERFORM pg_notify('sprout_changes', json_build_object(
    't', 'n', 'o', left(TG_OP, 1), 'u', row_.user_id, 'i', row_.id, 'r', row_.revision,
    'w', nullif(current_setting('sprout.writer_session', true), ''))::text);
  RETURN NULL;
END
$$;
