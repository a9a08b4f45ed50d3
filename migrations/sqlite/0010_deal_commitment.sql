-- A deal anyone can check (issue 32): when a game starts, its first message publishes
-- SHA-256 of its seed and a secret random salt (hex); the game-over message reveals both.
-- The salt is drawn when the lobby starts the game. NULL: a game started before this
-- migration, which published no commitment (and says so rather than invent one).
ALTER TABLE games ADD COLUMN salt TEXT;
