-- Extensions and collations later schema files build on. All three extensions are trusted in
-- PostgreSQL 15, so the database owner can create them without being a superuser.
CREATE EXTENSION IF NOT EXISTS citext;      -- case-insensitive e-mail addresses
CREATE EXTENSION IF NOT EXISTS unaccent;    -- "novak" finds "Novák"
CREATE EXTENSION IF NOT EXISTS btree_gist;  -- exclusion constraints over date ranges with ids

-- Czech sort order (Č after C, Ch after H, Ř after R, Š after S, Ž after Z) from ICU.
CREATE COLLATION IF NOT EXISTS czech (provider = icu, locale = 'cs-CZ');
