-- Each user's private calendar feed (issue 35, item 4): GET /calendar/<token>.ics serves their dated
-- checklist items to the calendars they subscribe from. The token is the only credential a calendar
-- sends, so only its SHA-256 is kept: a database dump or backup cannot be used to read anyone's feed.
-- One feed per user; regenerating replaces the hash (the old link stops working), turning it off deletes
-- the row, and so does deleting the account (ON DELETE CASCADE). The server's own: in `private`.
CREATE TABLE private.calendar_feeds (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- hex of SHA-256(token): the feed is found by it, so no token is ever compared in the server's memory.
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE private.calendar_feeds ENABLE ROW LEVEL SECURITY;
CREATE POLICY calendar_feeds_own ON private.calendar_feeds
  USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());
