-- pg_trgm backs the companies search index (gin_trgm_ops); PGlite loads it as an extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The one definition of "search text": lower-case, no accents, single spaces. Used by the stored
-- search column and by every search term, so both sides always agree. IMMUTABLE (unlike unaccent)
-- so it can feed a generated column, and it needs no extension beyond core PostgreSQL.
CREATE FUNCTION search_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(regexp_replace(
    translate(value,
      'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
      'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy'),
    '\s+', ' ', 'g'));
