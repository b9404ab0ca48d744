-- Reminders by Web Push (issue 35, item 3; ARCHITECTURE 10.9): the browsers each user let Sprout remind them
-- on, and which reminders went out, so that every server on the database sends each one once. A reminder
-- is a checklist item with `remind: true` and an instant `due` (core/note-fields.ts); the server's
-- scheduler (server/src/reminders/scheduler.ts) finds them. All of it is the server's own, in `private`,
-- and goes with the account (ON DELETE CASCADE), and with the note when it is deleted for good.

-- A browser's push subscription (its PushSubscription JSON): the push service's endpoint, a capability
-- URL unique to that browser and this server's key, and the browser's keys that each payload is
-- encrypted to (RFC 8291). One user's at a time: a browser where another user subscribes becomes theirs.
CREATE TABLE private.push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  -- The browser's User-Agent when it subscribed, for Settings to name the device.
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_success_at timestamptz,
  -- Failed deliveries since the last success; a subscription the push service says is gone (404, 410)
  -- is deleted at once.
  failures integer NOT NULL DEFAULT 0
);
CREATE INDEX push_subscriptions_user_idx ON private.push_subscriptions (user_id);

-- Each reminder sent, by its item's due instant: the scheduler claims a reminder by inserting its row
-- (ON CONFLICT DO NOTHING), so of two servers looking at the same moment one sends it. `due` is the
-- item's own text (YYYY-MM-DDTHH:MM:SS.sssZ), whose order is time order: a date the client wrote that
-- PostgreSQL cannot read (2026-02-30...) is never cast, so it cannot stop the scheduler. A repeating item
-- ticked gets a new due, and so a new reminder. Rows go a day after their window (scheduler.ts).
CREATE TABLE private.reminders_sent (
  note_id uuid NOT NULL REFERENCES notes (id) ON DELETE CASCADE,
  item_id text NOT NULL,
  due text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (note_id, item_id, due)
);
CREATE INDEX reminders_sent_due_idx ON private.reminders_sent (due);

-- 'Snooze 1 h': the reminder is sent again at `snoozed_until`, claimed by setting `sent_at` (one server
-- does it); a snooze of the snoozed reminder moves `snoozed_until` on and clears `sent_at`.
CREATE TABLE private.reminder_snoozes (
  note_id uuid NOT NULL REFERENCES notes (id) ON DELETE CASCADE,
  item_id text NOT NULL,
  due text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  snoozed_until timestamptz NOT NULL,
  sent_at timestamptz,
  PRIMARY KEY (note_id, item_id, due)
);
CREATE INDEX reminder_snoozes_pending_idx ON private.reminder_snoozes (snoozed_until) WHERE sent_at IS NULL;

-- The notes that hold a reminder, live: what the scheduler reads every tick, rather than every note of
-- every user. Partial, so it holds only those notes (a few per user), and a write of any other note pays
-- for its predicate alone (a containment test of its items). The scheduler's query repeats the predicate.
CREATE INDEX notes_reminders_idx ON notes (user_id)
  WHERE is_checklist AND deleted_at IS NULL AND trashed_at IS NULL AND checklist_items @> '[{"remind": true}]';

ALTER TABLE private.push_subscriptions ENABLE ROW LEVEL SECURITY;
CREATE POLICY push_subscriptions_own ON private.push_subscriptions
  USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());
ALTER TABLE private.reminders_sent ENABLE ROW LEVEL SECURITY;
CREATE POLICY reminders_sent_own ON private.reminders_sent
  USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());
ALTER TABLE private.reminder_snoozes ENABLE ROW LEVEL SECURITY;
CREATE POLICY reminder_snoozes_own ON private.reminder_snoozes
  USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());
