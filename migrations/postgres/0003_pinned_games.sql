-- See migrations/sqlite/0003_pinned_games.sql.
ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'southseas';
ALTER TABLE games ADD COLUMN ruleset BIGINT NOT NULL DEFAULT 1;

ALTER TABLE messages ADD COLUMN claimed_until BIGINT NOT NULL DEFAULT 0;
