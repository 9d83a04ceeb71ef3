-- A search of several words that are each common and never side by side (`comercio ltda`: each word in 10–50 % of
-- the companies, the phrase in none) cost the trigram index ~25 000 pages (1.5 s at 20 connections, issue 30):
-- pg_trgm indexes the words apart, never where one meets the next. search_pairs lists where they meet: for each
-- two neighbouring runs of letters and digits of a name key, the last three characters of the first, the
-- characters between (as written) and the first three of the next (`padaria sao joao` → {"ria sao","sao joa"}).
-- A text that holds a phrase holds each such pair of the phrase whose ends it sees whole (companies-repository.ts,
-- phrasePairs), so the pairs of `comercio ltda` (`cio ltd`) name the few companies to test. The runs are found by
-- regular expressions: each run written as its first three characters, a newline (no name key holds one:
-- search_normalize folds whitespace) and the run again, then each run after a newline cut to its last three; the
-- text split at the newlines holds, between the first piece and the last, one pair per meeting of two runs.
CREATE FUNCTION search_pairs(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (string_to_array(
    regexp_replace(
      regexp_replace(value, '([a-z0-9]{1,3})([a-z0-9]*)', E'\\1\n\\1\\2', 'g'),
      E'\n[a-z0-9]+([a-z0-9]{3})', E'\n\\1', 'g'),
    E'\n'))[2:regexp_count(value, '[a-z0-9]+')];
--> statement-breakpoint
CREATE INDEX "companies_search_pairs_idx" ON "companies" USING gin ((search_pairs("trading_name_key") || search_pairs("legal_name_key")));--> statement-breakpoint
ANALYZE "companies";
