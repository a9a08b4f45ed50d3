-- A finished game's timelapse (its board growing step by step, one animated GIF), encoded once
-- off the step path after its last move and kept: the message that follows the game-over
-- message, a post of it tried again after a restart, and every `/replay` of the game attach
-- these bytes instead of drawing the whole game again (seconds of a core). `steps` is the
-- length of the log it was drawn from: a game whose log differs is drawn again. Only public
-- information is drawn in it (the whole board as `/board` shows it), and it can always be
-- made again from the log: losing this table loses nothing.
CREATE TABLE timelapses (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    steps      INTEGER NOT NULL,
    frames     INTEGER NOT NULL,
    width      INTEGER NOT NULL,
    height     INTEGER NOT NULL,
    gif        BLOB    NOT NULL,
    created_ms INTEGER NOT NULL
);

-- A new kind of due item, 'timelapse': a finished game's timelapse is encoded and posted after
-- its game-over message (user_id 0). Games that ended before this version get none posted (a
-- message days after their end would puzzle the channel); `/replay` makes theirs on demand.
-- SQLite cannot change a CHECK in place, so the table is built anew and its rows copied, as
-- 0005 and 0007 did.
CREATE TABLE due_new (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL CHECK (kind IN ('computer', 'reminder', 'deadline', 'lobby', 'timelapse')),
    version       INTEGER NOT NULL,
    due_at        INTEGER NOT NULL,            -- unix ms
    user_id       INTEGER NOT NULL,            -- who the game waits for (0 for a lobby or a timelapse)
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
