-- Change hints for the realtime feed (docs/sync.md [S21]): every committed write to notes, and every
-- ended session, sends a NOTIFY on one channel that each server LISTENs on. The payload is small (the
-- user, the note and its new revision, well under PostgreSQL's 8,000-byte limit); it is a hint that
-- makes a client pull, never the data. NOTIFY is delivered at commit, so a rolled-back write sends
-- nothing, and writes made by another server or by plain SQL send it too.
CREATE FUNCTION notes_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_ notes;
BEGIN
  -- The after-insert trigger's own update (002) only clears base_revision: nothing new to tell.
  IF current_setting('sprout.clearing_base_revision', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN row_ := OLD; ELSE row_ := NEW; END IF;
  PERFORM pg_notify('sprout_changes', json_build_object(
    't', 'n', 'o', left(TG_OP, 1), 'u', row_.user_id, 'i', row_.id, 'r', row_.revision)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER notes_notify_change AFTER INSERT OR UPDATE OR DELETE ON notes
  FOR EACH ROW EXECUTE FUNCTION notes_notify_change();

-- A signed-out or revoked session closes its sockets on every server at once.
CREATE FUNCTION sessions_notify_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sprout_changes', json_build_object('t', 's', 'u', OLD.user_id, 's', OLD.id)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_notify_end AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sessions_notify_end();

-- Rate-limit counters shared by every server on this database (fixed windows). Unlogged: a crash may
-- reset the counters, which only forgives a window, and the hot path writes no WAL.
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_at_idx ON rate_limits (expires_at);
