-- Exact company totals per (type, is_active), maintained per statement so bulk loads stay cheap.
CREATE FUNCTION company_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO company_counts (type, is_active, n)
      SELECT type, is_active, -count(*)::int FROM old_rows GROUP BY type, is_active
    ON CONFLICT (type, is_active) DO UPDATE SET n = company_counts.n + EXCLUDED.n;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO company_counts (type, is_active, n)
      SELECT type, is_active, count(*)::int FROM new_rows GROUP BY type, is_active
    ON CONFLICT (type, is_active) DO UPDATE SET n = company_counts.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_count_insert AFTER INSERT ON companies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_counts_apply();
--> statement-breakpoint
CREATE TRIGGER companies_count_update AFTER UPDATE ON companies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_counts_apply();
--> statement-breakpoint
CREATE TRIGGER companies_count_delete AFTER DELETE ON companies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION company_counts_apply();
--> statement-breakpoint
-- TRUNCATE bypasses row triggers; keep the counters honest for it too.
CREATE FUNCTION company_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM company_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_count_truncate AFTER TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION company_counts_reset();
