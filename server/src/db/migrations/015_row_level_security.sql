-- Ownership in the database itself (issue 36, item 4; docs/decisions.md): every user-owned table gets
-- row-level security with a policy that lets a statement touch only the rows of the user named by the
-- request's claims, PostgREST's way: the caller runs as the role sprout_user with
--   SET LOCAL ROLE sprout_user; SELECT set_config('request.jwt.claims', '{"sub": "<user id>"}', true);
-- in its transaction. A statement without claims sees no user's rows. The tables' owner (the account
-- that runs the migrations, which the server connects as) is not subject to the policies, so nothing
-- changes for the server's own upkeep (purges, the admin command, backups).
--
-- The role has no login and is shared by every Sprout database on one PostgreSQL server (roles are the
-- cluster's); where the migrating account may not create roles (a hosted database), the policies are
-- still made and the role is left to the operator (README, "Operating Sprout").

-- The user of the request, from its claims: null when there are none, so every policy is false.
CREATE FUNCTION request_user_id() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub', '')::uuid
$$;

DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'sprout_user') THEN
    CREATE ROLE sprout_user NOLOGIN;
  END IF;
EXCEPTION
  -- Another database's migration made it at the same moment.
  WHEN duplicate_object OR unique_violation THEN NULL;
  WHEN insufficient_privilege THEN
    RAISE NOTICE 'sprout_user was not created (no CREATEROLE): create it, then grant it as this migration does';
END
$$;

ALTER TABLE users ENABLE ROW LEVEL SECURITY;
CREATE POLICY users_own ON users USING (id = request_user_id()) WITH CHECK (id = request_user_id());

ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
CREATE POLICY sessions_own ON sessions USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());

ALTER TABLE refresh_tokens ENABLE ROW LEVEL SECURITY;
CREATE POLICY refresh_tokens_own ON refresh_tokens
  USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());

ALTER TABLE notes ENABLE ROW LEVEL SECURITY;
CREATE POLICY notes_own ON notes USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());

ALTER TABLE note_versions ENABLE ROW LEVEL SECURITY;
CREATE POLICY note_versions_own ON note_versions
  USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());

-- A head has no user column: it is its note's (the notes policy applies inside the subquery too).
ALTER TABLE note_heads ENABLE ROW LEVEL SECURITY;
CREATE POLICY note_heads_own ON note_heads
  USING (EXISTS (SELECT FROM notes n WHERE n.id = note_heads.note_id))
  WITH CHECK (EXISTS (SELECT FROM notes n WHERE n.id = note_heads.note_id));

ALTER TABLE user_ai_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY user_ai_keys_own ON user_ai_keys
  USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());

ALTER TABLE note_counts ENABLE ROW LEVEL SECURITY;
CREATE POLICY note_counts_own ON note_counts
  USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());

ALTER TABLE purge_horizons ENABLE ROW LEVEL SECURITY;
CREATE POLICY purge_horizons_own ON purge_horizons
  USING (user_id = request_user_id()) WITH CHECK (user_id = request_user_id());

-- The server's own tables: row-level security with no policy at all, so that no role but their owner
-- reads a row even where a platform grants every table of public to its API roles (a hosted Supabase
-- project grants them to anon and authenticated): the JWT secret and the encryption key above all.
ALTER TABLE server_secrets ENABLE ROW LEVEL SECURITY;
ALTER TABLE rate_limits ENABLE ROW LEVEL SECURITY;
ALTER TABLE instance_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE revision_marks ENABLE ROW LEVEL SECURITY;
ALTER TABLE schema_migrations ENABLE ROW LEVEL SECURITY;

-- The server-only functions: not for any request's role (PostgreSQL lets PUBLIC run every new function).
REVOKE EXECUTE ON FUNCTION ai_caller_context(uuid, integer, boolean) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION purge_old_tombstones(interval, integer) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION purge_expired_trash(integer) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION purge_old_versions(integer, integer, integer) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION trash_expiry_mark(jsonb, bigint, bigint, bigint) FROM PUBLIC;

-- What a request's statements and the triggers they fire need. Never: server_secrets (the JWT secret
-- and the encryption key), rate_limits, instance_settings, revision_marks, schema_migrations.
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'sprout_user') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON users, sessions, refresh_tokens, notes, note_versions, note_heads,
      user_ai_keys, note_counts TO sprout_user;
    GRANT SELECT ON purge_horizons TO sprout_user;
    GRANT USAGE ON SEQUENCE notes_revision_seq, refresh_tokens_id_seq, note_versions_id_seq TO sprout_user;
  END IF;
END
$$;
