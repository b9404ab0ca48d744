-- NOTES_QUOTA enforced by the statement that inserts: the insert trigger of 007 already counts the
-- rows each user holds, so it refuses (SQLSTATE PT429, PostgREST's way of naming an HTTP status) a
-- statement that would take a user past the quota, and the statement rolls back with its rows. The
-- server's connections carry the quota as the session setting sprout.notes_quota (database.ts); a
-- session without it (plain SQL, maintenance) has no quota. Before, every insert read note_counts in a
-- statement of its own first: a third of a single note's POST on PGlite, where statements queue on
-- one connection. It is exact, too: the transition table holds only the rows the statement inserted,
-- so an upsert's updated rows never count, and per-user inserts are serialised (004), so two racing
-- inserts cannot both pass at the edge.
CREATE OR REPLACE FUNCTION note_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  quota integer := nullif(current_setting('sprout.notes_quota', true), '')::integer;
  over uuid;
BEGIN
  INSERT INTO note_counts AS c (user_id, n)
    SELECT user_id, count(*) FROM inserted GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET n = c.n + excluded.n;
  IF quota IS NOT NULL THEN
    SELECT c.user_id INTO over FROM note_counts c
      WHERE c.user_id IN (SELECT DISTINCT user_id FROM inserted) AND c.n > quota LIMIT 1;
    IF over IS NOT NULL THEN
      RAISE EXCEPTION 'Note quota reached: at most % notes per user', quota USING ERRCODE = 'PT429';
    END IF;
  END IF;
  RETURN NULL;
END
$$;
