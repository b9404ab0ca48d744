-- 'Leave archived notes out' (issue 34, item 1: archived notes kept out of the assistant's index if the
-- user says so): an archived note is then treated as the indexer treats a note in the Trash.
ALTER TABLE private.assistant_settings ADD COLUMN leave_out_archived boolean NOT NULL DEFAULT false;
