-- The names of the servers the bot is in (see the SQLite migration of the same number).
CREATE TABLE servers (
    guild_id BIGINT PRIMARY KEY,
    name     TEXT   NOT NULL
);
