-- The web view's token per game (see the SQLite migration of the same number for the why).
CREATE TABLE web_links (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    token      TEXT   NOT NULL UNIQUE,
    created_ms BIGINT NOT NULL
);
