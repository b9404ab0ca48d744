-- The server's own tables and functions move out of public, the schema PostgREST and Supabase expose,
-- into `private`, which no role but its owner (the account that runs the migrations, which the server's
-- upkeep connects as) may even look into (issue 36, docs/decisions.md): the JWT secret and the encryption
-- key, users' encrypted provider keys, the rate-limit counters, the instance settings, the revision marks
-- of the purges and each user's notes count; the function that hands any user's metadata and key to the
-- assistant, and the purges. A user's request (db/as-user.ts, as sprout_user) reaches none of them: the
-- notes count its inserts keep is kept by a trigger that runs as the owner.
CREATE SCHEMA private;
REVOKE ALL ON SCHEMA private FROM PUBLIC;

ALTER TABLE server_secrets SET SCHEMA private;
ALTER TABLE user_ai_keys SET SCHEMA private;
ALTER TABLE rate_limits SET SCHEMA private;
ALTER TABLE instance_settings SET SCHEMA private;
ALTER TABLE revision_marks SET SCHEMA private;
ALTER TABLE note_counts SET SCHEMA private;

ALTER FUNCTION ai_caller_context(uuid, integer, boolean) SET SCHEMA private;
ALTER FUNCTION purge_old_tombstones(interval, integer) SET SCHEMA private;
ALTER FUNCTION purge_expired_trash(integer) SET SCHEMA private;
ALTER FUNCTION purge_old_versions(integer, integer, integer) SET SCHEMA private;
ALTER FUNCTION trash_expiry_mark(jsonb, bigint, bigint, bigint) SET SCHEMA private;

-- Their bodies name the tables without a schema: each finds them on a search path of its own, whatever
-- the caller's (pg_temp last, so no temporary table can stand in for one of them).
ALTER FUNCTION private.ai_caller_context(uuid, integer, boolean) SET search_path = public, private, pg_temp;
ALTER FUNCTION private.purge_old_tombstones(interval, integer) SET search_path = public, private, pg_temp;
ALTER FUNCTION private.purge_expired_trash(integer) SET search_path = public, private, pg_temp;
ALTER FUNCTION private.purge_old_versions(integer, integer, integer) SET search_path = public, private, pg_temp;

-- The notes count is the server's bookkeeping, kept by the statement triggers of 007 and 009 on every
-- insert and hard delete, a user's included: they run as their owner.
ALTER FUNCTION note_counts_after_insert() SECURITY DEFINER SET search_path = public, private, pg_temp;
ALTER FUNCTION note_counts_after_delete() SECURITY DEFINER SET search_path = public, private, pg_temp;

-- The history (013) is kept the same way: for the row a user's statement just wrote, which its policy has
-- passed; checked again against note_heads' and note_versions' policies on every write, it cost a fifth
-- of an update's time in the database.
ALTER FUNCTION notes_keep_history() SECURITY DEFINER SET search_path = public, pg_temp;
ALTER FUNCTION notes_history_after_insert() SECURITY DEFINER SET search_path = public, pg_temp;
ALTER FUNCTION notes_history_after_delete() SECURITY DEFINER SET search_path = public, pg_temp;

-- 015's grants to the request role on what moved: a user's request no longer touches them.
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'sprout_user') THEN
    REVOKE ALL ON private.user_ai_keys, private.note_counts FROM sprout_user;
  END IF;
END
$$;

-- The server's account runs users' statements as sprout_user (set_config('role', ...)), which needs it to
-- be a member of that role unless it is a superuser. Granted where the account may; a hosted database's
-- operator grants it by hand (README, "Ownership in the database").
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'sprout_user')
     AND NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND NOT pg_has_role(current_user, 'sprout_user', 'MEMBER') THEN
    EXECUTE format('GRANT sprout_user TO %I', current_user);
  END IF;
EXCEPTION
  WHEN insufficient_privilege THEN
    RAISE NOTICE 'could not make % a member of sprout_user: grant it by hand', current_user;
END
$$;
