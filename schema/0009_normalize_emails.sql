-- E-mail addresses are compared in one form everywhere: Unicode NFKC, then PostgreSQL's own
-- lower-casing (which citext uses for lookups and uniqueness). The sign-in throttle's per-account
-- key is computed by the same function, so an address spelt with other code points that maps to
-- the same account (U+0130 'İ' lower-cases to 'i' here) also counts against the same limit.
CREATE FUNCTION normalized_email(address text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN lower(normalize(address, NFKC));

UPDATE accounts SET email = normalize(email::text, NFKC) WHERE email::text <> normalize(email::text, NFKC);
UPDATE accounts SET personal_email = normalize(personal_email::text, NFKC)
WHERE personal_email::text <> normalize(personal_email::text, NFKC);

ALTER TABLE accounts
    ADD CONSTRAINT accounts_email_nfkc CHECK (email::text = normalize(email::text, NFKC)),
    ADD CONSTRAINT accounts_personal_email_nfkc CHECK (personal_email::text = normalize(personal_email::text, NFKC));
