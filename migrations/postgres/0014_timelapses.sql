-- A finished game's timelapse, encoded once (see the SQLite migration of the same number).
CREATE TABLE timelapses (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    steps      BIGINT NOT NULL,
    frames     BIGINT NOT NULL,
    width      BIGINT NOT NULL,
    height     BIGINT NOT NULL,
    gif        BYTEA  NOT NULL,
    created_ms BIGINT NOT NULL
);

-- A new kind of due item, 'timelapse' (see the SQLite migration).
ALTER TABLE due DROP CONSTRAINT due_kind_check;
ALTER TABLE due ADD CONSTRAINT due_kind_check CHECK (kind IN ('computer', 'reminder', 'deadline', 'lobby', 'timelapse'));
