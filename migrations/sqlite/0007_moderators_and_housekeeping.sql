-- Moderators and housekeeping (issue 18): a game can be paused, and a lobby nobody touches
-- closes by itself.

-- A paused game (its status stays 'active'): who paused it (their user id and name as shown
-- then) and when (unix ms). NULL: not paused, as every game stored before. While paused, the
-- game has no due items: no reminders, deadlines or computer moves.
ALTER TABLE games ADD COLUMN paused_by INTEGER;
ALTER TABLE games ADD COLUMN paused_by_name TEXT;
ALTER TABLE games ADD COLUMN paused_at INTEGER;

-- A new kind of due item, 'lobby': the lobby closes (it is set anew by every change of the
-- lobby, for its version then; user_id 0). SQLite cannot change a CHECK in place, so the table
-- is built anew and its rows copied, as 0005 did.
CREATE TABLE due_new (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL CHECK (kind IN ('computer', 'reminder', 'deadline', 'lobby')),
    version       INTEGER NOT NULL,
    due_at        INTEGER NOT NULL,            -- unix ms
    user_id       INTEGER NOT NULL,            -- who the game waits for (0 for a lobby)
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

-- The lobbies open now close 3 days after this upgrade unless someone touches them (then 3
-- days after that change, as new ones): never at once, without the players having had the
-- time a new lobby gets.
INSERT INTO due (game_id, kind, version, due_at, user_id, since, sent, claimed_until, claimed_by)
    SELECT id, 'lobby', version, CAST(strftime('%s', 'now') AS INTEGER) * 1000 + 259200000, 0, updated_at * 1000, 0, 0, ''
    FROM games WHERE status = 'lobby';
