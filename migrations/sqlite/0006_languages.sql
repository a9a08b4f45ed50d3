-- The bot speaks more than English (issue 19). A game's public messages and pictures are in
-- its own language, chosen when it is opened; every game stored before spoke English, and
-- keeps doing so.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

-- The language a user reads their private answers and direct messages in, when they chose one
-- with `/settings language` (NULL: the language of their Discord client).
ALTER TABLE user_settings ADD COLUMN language TEXT;
