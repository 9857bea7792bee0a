-- The LIKE pattern of a name search, made where the names are: lower-cased and unaccented like
-- person_search_text(), and only then escaped. Escaping before unaccent() let a fullwidth '％'
-- (U+FF05) through as a literal and come out of unaccent() as '%', matching everyone.
CREATE FUNCTION name_search_pattern(term text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN '%' || replace(replace(replace(
        lower(public.unaccent('public.unaccent'::regdictionary, term)), '\', '\\'), '%', '\%'), '_', '\_') || '%';
