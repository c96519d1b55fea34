-- The actor cache (ADR 0026): every change to what a session's actor is made of is announced, at commit, on the
-- channel timbro_actor — the account's id for sessions, accounts and memberships, '*' for a workspace — whichever
-- process, job or command made it. Every server process LISTENs and forgets what changed.
CREATE OR REPLACE FUNCTION timbro_actor_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  column_name text := TG_ARGV[0];
  old_id text;
  new_id text;
BEGIN
  IF column_name IS NULL THEN
    PERFORM pg_notify('timbro_actor', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_id := to_jsonb(OLD) ->> column_name; END IF;
  IF TG_OP <> 'DELETE' THEN new_id := to_jsonb(NEW) ->> column_name; END IF;
  IF old_id IS NOT NULL THEN PERFORM pg_notify('timbro_actor', old_id); END IF;
  IF new_id IS NOT NULL AND new_id IS DISTINCT FROM old_id THEN PERFORM pg_notify('timbro_actor', new_id); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_actor_changed AFTER INSERT OR UPDATE OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION timbro_actor_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER users_actor_changed AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION timbro_actor_changed('id');
--> statement-breakpoint
CREATE TRIGGER user_infos_actor_changed AFTER INSERT OR UPDATE OR DELETE ON user_infos
  FOR EACH ROW EXECUTE FUNCTION timbro_actor_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER workspaces_actor_changed AFTER INSERT OR UPDATE OR DELETE ON workspaces
  FOR EACH STATEMENT EXECUTE FUNCTION timbro_actor_changed();
