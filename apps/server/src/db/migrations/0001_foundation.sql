-- Foundation: PostGIS, platforms, users and their sign-in, and the project hierarchy.
CREATE EXTENSION IF NOT EXISTS postgis;

CREATE TABLE platforms (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name       text NOT NULL UNIQUE,
  url        text NOT NULL
);

CREATE TABLE users (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email               text NOT NULL,
  name                text NOT NULL,
  mobile              text,
  role                text NOT NULL DEFAULT 'viewer'
                      CHECK (role IN ('admin', 'planner', 'field', 'viewer')),
  -- argon2id; null until the user sets a password from an invitation.
  password_hash       text,
  password_set        boolean NOT NULL DEFAULT false,
  -- Tokens issued before this instant are refused, so a password change signs out everywhere.
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE user_platforms (
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  platform_id integer NOT NULL REFERENCES platforms (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, platform_id)
);

-- Single-use links for password resets and invitations; only a hash of the token is kept.
CREATE TABLE password_resets (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  purpose    text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'invite')),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

CREATE TABLE subsidiaries (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name       text NOT NULL UNIQUE,
  country    text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE clients (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subsidiary_id integer NOT NULL REFERENCES subsidiaries (id),
  name          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subsidiary_id, name)
);

CREATE TABLE main_projects (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id  integer NOT NULL REFERENCES clients (id),
  name       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, name)
);

CREATE TABLE projects (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  main_project_id integer NOT NULL REFERENCES main_projects (id),
  name            text NOT NULL,
  zoom            integer NOT NULL DEFAULT 10 CHECK (zoom BETWEEN 0 AND 24),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (main_project_id, name)
);

CREATE TABLE central_offices (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id),
  name       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, name)
);

CREATE TABLE central_office_users (
  central_office_id integer NOT NULL REFERENCES central_offices (id) ON DELETE CASCADE,
  user_id           integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (central_office_id, user_id)
);

CREATE TABLE clusters (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  central_office_id integer NOT NULL REFERENCES central_offices (id),
  name              text NOT NULL,
  project_phase     text NOT NULL DEFAULT 'In-Progress'
                    CHECK (project_phase IN ('In-Progress', 'Completed', 'Cancelled')),
  naming_prefix     text NOT NULL DEFAULT '',
  naming_pattern    text NOT NULL DEFAULT '{prefix}-{type}-{seq:4}',
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (central_office_id, name)
);

CREATE TABLE cluster_users (
  cluster_id integer NOT NULL REFERENCES clusters (id) ON DELETE CASCADE,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (cluster_id, user_id)
);
