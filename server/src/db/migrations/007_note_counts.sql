-- The rows each user holds in notes, tombstones included (NOTES_QUOTA counts them), kept by statement
-- triggers so that the quota check on every insert reads one row instead of counting the user's notes:
-- counting made a POST cost more as the account grew (a quarter of the plain INSERT's rate at 7,000
-- notes). Hard deletes (an account's deletion, or the purge) give rows back; tombstones keep theirs.
-- Inserts are serialised per user already (004's advisory lock), so the counter row adds no new wait.
CREATE TABLE note_counts (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  n integer NOT NULL CHECK (n >= 0)
);

INSERT INTO note_counts (user_id, n) SELECT user_id, count(*) FROM notes GROUP BY user_id;

CREATE FUNCTION note_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO note_counts AS c (user_id, n)
    SELECT user_id, count(*) FROM inserted GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;

-- Runs after the row deletes an account's deletion cascades to: the user's own counter row may be gone
-- already (it cascades too), and then there is nothing to give back.
CREATE FUNCTION note_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE note_counts AS c SET n = greatest(c.n - d.n, 0)
    FROM (SELECT user_id, count(*) AS n FROM removed GROUP BY user_id) AS d
    WHERE c.user_id = d.user_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER note_counts_after_insert AFTER INSERT ON notes
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION note_counts_after_insert();
CREATE TRIGGER note_counts_after_delete AFTER DELETE ON notes
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION note_counts_after_delete();
