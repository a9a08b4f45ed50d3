-- A deal anyone can check (see the SQLite migration of the same number): the secret salt of
-- the commitment a game's first message publishes; NULL for games started before.
ALTER TABLE games ADD COLUMN salt TEXT;
