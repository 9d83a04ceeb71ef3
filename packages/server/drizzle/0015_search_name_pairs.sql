-- A phrase that starts many names (`auto pecas`: 50 013 trading names of a million) sorted all of its matches in the
-- trading name order (0.7–1.8 s at 20 connections, issue 30). The split that answers a word there (the names starting
-- with it are a range of the order's index, companies-repository.ts splitAtTerm) needs "the phrase elsewhere" as an
-- index lookup, and neither the rest's trigrams (every such company's legal name, `comercio de pecas automotivas`,
-- holds them) nor search_pairs (`uto pec` is where the phrase starts a name as much as anywhere else) could say it.
--
-- search_name_pairs is search_pairs (0014) with a name's first pair written apart: four times, each copy tagged with
-- one bit of where the name's first word ends (its length with what precedes it, 15 for 15 or more; `^a` the units,
-- `^b` the twos, `^c` the fours, `^d` the eights): `auto pecas lima` → {"^d0:uto pec","^c1:uto pec","^b0:uto pec",
-- "^a0:uto pec","cas lim"} (4 = 0100), `superauto pecas` → {"^d1:uto pec","^c0:uto pec","^b0:uto pec","^a1:uto pec"}
-- (9 = 1001). A phrase whose first word has n characters is at the start of a name only where its first pair is that
-- name's first and ends at n; elsewhere it is a plain pair, or a first pair that ends elsewhere, which differs from n
-- in a bit: the plain pair or one of four tagged ones, five keys (pairsElsewhere). Anywhere at all is the plain pair,
-- `^a0` or `^a1` (holdingPair). A plain pair starts with a letter or digit, a tagged one with `^`.
--
-- The bits are written by a regular expression too: the end as four binary digits (`0100`) becomes the replacement
-- text of the first pair (the text after search_pairs' first newline), four lines that each name one digit and the
-- pair (`\\1`, written `\\\\1` so that the first replacement leaves it for the second).
CREATE FUNCTION search_name_pairs(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (string_to_array(
    regexp_replace(
      regexp_replace(
        regexp_replace(value, '([a-z0-9]{1,3})([a-z0-9]*)', E'\\1\n\\1\\2', 'g'),
        E'\n[a-z0-9]+([a-z0-9]{3})', E'\n\\1', 'g'),
      E'\n([^\n]*)',
      regexp_replace(least(length(substring(value from '^[^a-z0-9]*[a-z0-9]+')), 15)::bit(4)::text,
        '(.)(.)(.)(.)', E'\n^d\\1:\\\\1\n^c\\2:\\\\1\n^b\\3:\\\\1\n^a\\4:\\\\1')),
    E'\n'))[2:regexp_count(value, '[a-z0-9]+') + 3 * (regexp_count(value, '[a-z0-9]+') > 1)::int];
--> statement-breakpoint
DROP INDEX "companies_search_pairs_idx";--> statement-breakpoint
CREATE INDEX "companies_search_pairs_idx" ON "companies" USING gin ((search_name_pairs("trading_name_key") || search_name_pairs("legal_name_key")));--> statement-breakpoint
DROP FUNCTION search_pairs(text);--> statement-breakpoint
-- No parallel workers for the companies: the API answers many small requests at once, and a worker costs more than
-- their work. The planner counts each of a phrase's five keys above (none among the index's most common) as a few
-- thousand companies and started two workers, ~7 ms at a million rows, for a lookup of 0.3 ms; with twenty
-- requests at a time on two cores, the workers only take turns with the other requests.
ALTER TABLE "companies" SET (parallel_workers = 0);--> statement-breakpoint
ANALYZE "companies";
