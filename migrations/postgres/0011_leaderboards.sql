-- A player may keep their name off the leaderboards (see the SQLite migration of the same number).
ALTER TABLE user_settings ADD COLUMN hide_from_leaderboards BIGINT NOT NULL DEFAULT 0;
