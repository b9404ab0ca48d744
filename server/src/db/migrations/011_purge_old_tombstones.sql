-- [S10] Tombstones are kept at least 90 days, then purged (docs/sync.md), by a function every server
-- calls at start and then every hour (db/tombstone-purge.ts).
--
-- A tombstone's age is read on the server's clock, not from its deleted_at, which the device that
-- deleted the note wrote: each purge first marks where the revision sequence stands (revision_marks, at
-- most one mark an hour), and a tombstone whose revision is at or below a mark made at least the
-- retention ago was last written before then.
--
-- Each user's horizon (purge_horizons) is the highest revision the purge removed from their notes: a
-- device whose last pull is below it may have missed a deletion, and resyncs in full [S12]. A read
-- that asks for it (Sprout-Horizon: purged, docs/api.md) gets it in the same statement as its rows, so
-- the two never disagree.
CREATE TABLE revision_marks (
  hour timestamptz PRIMARY KEY,
  marked_at timestamptz NOT NULL,
  revision bigint NOT NULL
);

CREATE TABLE purge_horizons (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  purged_through bigint NOT NULL
);

-- The purge's scan, tombstones only: writes of live notes have nothing to add to it.
CREATE INDEX notes_tombstones_revision_idx ON notes (revision) WHERE deleted_at IS NOT NULL;

-- The purge sends no change hints: every device had the retention to pull those tombstones, and one
-- that did not learns of the purge from the horizon at its next pull. (008's function, with that test.)
CREATE OR REPLACE FUNCTION notes_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_ notes;
BEGIN
  -- The after-insert trigger's own update (002) only clears base_revision: nothing new to tell.
  IF current_setting('sprout.clearing_base_revision', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' AND current_setting('sprout.purging', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN row_ := OLD; ELSE row_ := NEW; END IF;
  PERFORM pg_notify('sprout_changes', json_build_object(
    't', 'n', 'o', left(TG_OP, 1), 'u', row_.user_id, 'i', row_.id, 'r', row_.revision,
    'w', nullif(current_setting('sprout.writer_session', true), ''))::text);
  RETURN NULL;
END
$$;

-- Removes up to p_limit tombstones older than p_retention, oldest first, and returns how many. One
-- purge at a time on a database: while another holds the lock, this one does nothing (returns 0).
CREATE FUNCTION purge_old_tombstones(p_retention interval, p_limit integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  old_enough bigint;
  hard_delete text := current_setting('sprout.hard_delete', true);
  purged integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727003) THEN
    RETURN 0;
  END IF;
  INSERT INTO revision_marks (hour, marked_at, revision)
    SELECT date_trunc('hour', now()), now(), CASE WHEN is_called THEN last_value ELSE 0 END FROM notes_revision_seq
    ON CONFLICT (hour) DO NOTHING;
  SELECT max(revision) INTO old_enough FROM revision_marks WHERE marked_at <= now() - p_retention;
  IF old_enough IS NULL THEN
    RETURN 0;
  END IF;
  -- The newest old enough mark decides; the ones before it never will again.
  DELETE FROM revision_marks WHERE revision < old_enough;
  PERFORM set_config('sprout.hard_delete', 'on', true);
  PERFORM set_config('sprout.purging', 'on', true);
  -- The conditions are the DELETE's own, not only its subquery's: a row written meanwhile (a newer
  -- revision, or no longer a tombstone) is checked again in its new version, and kept.
  WITH purged_rows AS (
    DELETE FROM notes
    WHERE deleted_at IS NOT NULL AND revision <= old_enough
      AND id IN (SELECT id FROM notes WHERE deleted_at IS NOT NULL AND revision <= old_enough ORDER BY revision LIMIT p_limit)
    RETURNING user_id, revision
  ), horizons AS (
    INSERT INTO purge_horizons AS h (user_id, purged_through)
      SELECT user_id, max(revision) FROM purged_rows GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET purged_through = greatest(h.purged_through, excluded.purged_through)
  )
  SELECT count(*) INTO purged FROM purged_rows;
  PERFORM set_config('sprout.hard_delete', coalesce(hard_delete, ''), true);
  PERFORM set_config('sprout.purging', 'off', true);
  RETURN purged;
END
$$;
