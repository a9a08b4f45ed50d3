-- One host, many games: a game where several players owe a decision at once (discards, answers
-- to a trade) needs the seat of every logged step, a reminder and a deadline per waiting person,
-- and posts addressed to one player as well as to the channel.

-- The seat each step was taken for. Steps logged before have none: their game (South Seas)
-- has one player to act at a time and knows the seat from the state when it replays.
ALTER TABLE actions ADD COLUMN seat INTEGER;

-- Due items per waiting person: the key gains the user. SQLite cannot change a primary key in
-- place, so the table is built anew and its rows copied (each game had at most one of a kind).
CREATE TABLE due_new (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL CHECK (kind IN ('computer', 'reminder', 'deadline')),
    version       INTEGER NOT NULL,
    due_at        INTEGER NOT NULL,            -- unix ms
    user_id       INTEGER NOT NULL,            -- who the game waits for
    since         INTEGER NOT NULL,            -- unix ms: since when it waits for them
    sent          INTEGER NOT NULL DEFAULT 0,  -- reminders already sent for this wait
    claimed_until INTEGER NOT NULL DEFAULT 0,  -- unix ms: a process is handling it until then
    claimed_by    TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, kind, user_id)
);
INSERT INTO due_new (game_id, kind, version, due_at, user_id, since, sent, claimed_until, claimed_by)
    SELECT game_id, kind, version, due_at, user_id, since, sent, claimed_until, claimed_by FROM due;
DROP TABLE due;
ALTER TABLE due_new RENAME TO due;
CREATE INDEX due_by_time ON due (due_at);

-- Who a post is for: 0, the channel (every post until now); else one player's user id (a
-- private view, sent by direct message). Each is owed once per version and recipient.
CREATE TABLE outbox_new (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version       INTEGER NOT NULL,             -- the game's version the message shows
    recipient     INTEGER NOT NULL DEFAULT 0,   -- 0: the channel; else a user id
    channel_id    INTEGER NOT NULL,
    reply         TEXT    NOT NULL,             -- JSON of the service's Reply (without images)
    created_at    INTEGER NOT NULL,             -- unix milliseconds
    claimed_until INTEGER NOT NULL,             -- unix milliseconds
    claimed_by    TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, version, recipient)
);
INSERT INTO outbox_new (game_id, version, recipient, channel_id, reply, created_at, claimed_until, claimed_by)
    SELECT game_id, version, 0, channel_id, reply, created_at, claimed_until, claimed_by FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_by_claim ON outbox (claimed_until);
