-- Name search ("novak" finds "Jan Novák", also as "novák jan") without reading every person.
-- unaccent() is only STABLE because it looks its dictionary up by search_path; naming the
-- dictionary makes the result depend on the arguments alone, so the wrapper may be IMMUTABLE
-- and feed a stored column. Both name orders are kept, on two lines, so one trigram index
-- serves "first last" and "last first"; a search term never spans the line break.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION person_search_text(first_name text, last_name text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN lower(public.unaccent('public.unaccent'::regdictionary,
                                 first_name || ' ' || last_name || E'\n' || last_name || ' ' || first_name));

ALTER TABLE accounts
    ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (person_search_text(first_name, last_name)) STORED;

CREATE INDEX accounts_search_text_idx ON accounts USING gin (search_text gin_trgm_ops);
