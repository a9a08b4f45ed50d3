-- The bot speaks more than English (see the SQLite migration of the same number for the why):
-- a game's language (games stored before speak English), a user's chosen language (NULL: their
-- Discord client's).
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

ALTER TABLE user_settings ADD COLUMN language TEXT;
