-- Tokens carry the version of their user's credentials (claim `tv`): a password change bumps it,
-- and every token issued before stops counting at once. The check it replaces compared whole
-- seconds, so a token issued within the second of a change survived it.
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;

-- Tokens ended by signing out (claim `jti`), kept until they would have expired anyway.
CREATE TABLE revoked_tokens (
  jti text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
