-- What an AI turn's prompt is built from (server/src/ai/caller-context.ts), read by one function call:
-- the caller's user_metadata, their stored provider key when the server has none of its own, and up
-- to p_recent_notes of their most recently updated notes. A PL/pgSQL function keeps its query's plan
-- for the session, where the same SELECT sent as a statement was parsed and planned on every turn:
-- most of the read's time on PGlite, in the wait before a turn's first character.
CREATE FUNCTION ai_caller_context(p_user_id uuid, p_recent_notes integer, p_user_key boolean)
RETURNS TABLE (user_metadata jsonb, ciphertext text, iv text, auth_tag text, key_id text, recent_notes json)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT u.user_metadata, k.ciphertext, k.iv, k.auth_tag, k.key_id,
      CASE WHEN p_recent_notes > 0 THEN (
        SELECT json_agg(json_build_object('title', r.title, 'updatedAt', r.updated_at))
        FROM (
          SELECT n.title, n.updated_at FROM notes n
          WHERE n.user_id = u.id AND n.deleted_at IS NULL
          ORDER BY n.updated_at DESC LIMIT p_recent_notes
        ) r
      ) END
    FROM users u
    LEFT JOIN user_ai_keys k ON p_user_key AND k.user_id = u.id
    WHERE u.id = p_user_id;
END $$;
