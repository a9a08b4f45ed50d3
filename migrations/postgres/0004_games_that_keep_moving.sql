-- See migrations/sqlite/0004_games_that_keep_moving.sql.
ALTER TABLE games ADD COLUMN turn_limit_secs BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN on_timeout TEXT NOT NULL DEFAULT 'play-turn' CHECK (on_timeout IN ('play-turn', 'replace'));

ALTER TABLE seats ADD COLUMN computer TEXT CHECK (computer IN ('easy', 'medium', 'hard'));
ALTER TABLE seats ADD COLUMN away_until BIGINT;

CREATE TABLE user_settings (
    user_id        BIGINT PRIMARY KEY,
    reminders      BIGINT NOT NULL DEFAULT 1,
    direct         BIGINT NOT NULL DEFAULT 0,
    utc_offset_min BIGINT NOT NULL DEFAULT 0,
    quiet_from_min BIGINT,
    quiet_to_min   BIGINT
);

CREATE TABLE due (
    game_id       BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind          TEXT   NOT NULL CHECK (kind IN ('computer', 'reminder', 'deadline')),
    version       BIGINT NOT NULL,
    due_at        BIGINT NOT NULL,
    user_id       BIGINT NOT NULL,
    since         BIGINT NOT NULL,
    sent          BIGINT NOT NULL DEFAULT 0,
    claimed_until BIGINT NOT NULL DEFAULT 0,
    claimed_by    TEXT   NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, kind)
);

CREATE INDEX due_by_time ON due (due_at);

CREATE TABLE seat_votes (
    game_id  BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    target   BIGINT NOT NULL,
    proposed BIGINT NOT NULL,
    voter    BIGINT NOT NULL,
    PRIMARY KEY (game_id, target, proposed, voter)
);
