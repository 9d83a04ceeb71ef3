-- The history of every change (issue 27): an append-only table, written by row triggers in the transaction of the change.
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" varchar(64) NOT NULL,
	"entity_type" varchar(32) NOT NULL,
	"entity_id" uuid,
	"actor_type" varchar(16) NOT NULL,
	"actor_id" uuid,
	"actor_label" varchar(320),
	"ip" varchar(64),
	"reason" varchar(32),
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_occurred_at_idx" ON "audit_events" USING btree ("occurred_at");--> statement-breakpoint
-- Who acts: the transaction's `backoffice.audit` setting (services/audit.ts sets it with set_config(..., true),
-- so it ends with the transaction); a change made without one is the system's (migrations, the CLI).
CREATE FUNCTION audit_context() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('backoffice.audit', true), '')::jsonb, '{"type": "system"}'::jsonb)
$$;
--> statement-breakpoint
-- One event per changed row. TG_ARGV[0] is the entity ('company', 'user'), TG_ARGV[1] the columns never
-- recorded (derived or internal ones). A password is never recorded: only that it changed.
CREATE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ctx jsonb := audit_context();
  entity text := TG_ARGV[0];
  ignored text[] := TG_ARGV[1]::text[] || ARRAY['id', 'hashed_password'];
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  password_changed boolean := TG_OP = 'UPDATE' AND old_row ? 'hashed_password'
    AND (old_row->'hashed_password') IS DISTINCT FROM (new_row->'hashed_password');
  reason text := ctx->>'reason';
  diff jsonb;
  verb text;
BEGIN
  SELECT coalesce(jsonb_object_agg(k, jsonb_build_object('old', old_row->k, 'new', new_row->k)), '{}'::jsonb)
    INTO diff
    FROM jsonb_object_keys(coalesce(new_row, old_row)) AS k
    WHERE k <> ALL (ignored) AND (old_row->k) IS DISTINCT FROM (new_row->k);
  IF password_changed THEN
    diff := diff || '{"password": {"old": null, "new": null}}'::jsonb;
  END IF;
  -- A change nobody can see (a token version bumped alone) is not an event.
  IF TG_OP = 'UPDATE' AND diff = '{}'::jsonb THEN RETURN NULL; END IF;
  verb := CASE
    WHEN TG_OP = 'INSERT' AND reason = 'restore' THEN 'restored'
    WHEN TG_OP = 'INSERT' THEN 'created'
    WHEN TG_OP = 'DELETE' THEN 'deleted'
    WHEN password_changed AND diff - 'password' = '{}'::jsonb THEN
      CASE WHEN reason = 'password_reset' THEN 'password_reset' ELSE 'password_changed' END
    ELSE 'updated'
  END;
  INSERT INTO audit_events (action, entity_type, entity_id, actor_type, actor_id, actor_label, ip, reason, changes)
  VALUES (entity || '.' || verb, entity, (coalesce(new_row, old_row)->>'id')::uuid, ctx->>'type', (ctx->>'id')::uuid,
          ctx->>'label', ctx->>'ip', reason, diff);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_audit AFTER INSERT OR UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('company', '{search_text,trading_name_key,legal_name_key,updated_at}');
--> statement-breakpoint
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('user', '{token_version,updated_at}');
--> statement-breakpoint
-- Append-only: no event is ever changed, and none removed but by the retention purge, which says so
-- in its own transaction (services/audit.ts).
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('backoffice.audit_purge', true) = 'on' THEN RETURN OLD; END IF;
  RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
