-- Settings of the instance that its operator changes while it runs (npm run admin): read where they
-- are used, so every server on one PostgreSQL follows a change at once. The first: whether sign-up is
-- open (README, "Operating Sprout").
CREATE TABLE instance_settings (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
