-- Games, their seats, and the log of actions that is the source of truth for each game's state.
-- A game's state is rebuilt by replaying its actions through the engine (options + seed + log).

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    options       TEXT    NOT NULL,             -- JSON of southseas_engine::Options
    seed          INTEGER NOT NULL,
    creator_id    INTEGER NOT NULL,
    min_players   INTEGER NOT NULL CHECK (min_players BETWEEN 2 AND 5),
    max_players   INTEGER NOT NULL CHECK (max_players BETWEEN min_players AND 5),
    -- Bumped by every change (join, start, action, undo): buttons carry it, so a click on an
    -- old message is recognised as stale.
    version       INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,             -- unix seconds
    updated_at    INTEGER NOT NULL
);

-- At most one lobby or active game per channel, enforced by the schema.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    -- Join order in the lobby; the seat (turn order, colour) is drawn from the seed at start.
    joined    INTEGER NOT NULL,
    seat      INTEGER,
    PRIMARY KEY (game_id, user_id),
    UNIQUE (game_id, seat)
);

CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,               -- 1, 2, 3, ... without gaps
    user_id    INTEGER NOT NULL,
    action     TEXT    NOT NULL,               -- JSON of southseas_engine::Action
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Messages the bot posted for a game (lobby, turn messages), so it can edit or retire them.
CREATE TABLE messages (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, message_id)
);

-- Votes to abandon an active game; a majority of the seated players ends it.
CREATE TABLE abandon_votes (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
