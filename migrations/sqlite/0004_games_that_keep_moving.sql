-- Games that keep moving over days: a turn time limit per game, computer players in seats,
-- players away for a while, per-user reminder settings, and the scheduler's due items.

-- The time each player has for a turn, in seconds (0: no limit), and what happens when it runs
-- out: 'play-turn' (a computer player takes that one turn) or 'replace' (a computer player takes
-- the seat for the rest of the game). Every game stored before had no limit.
ALTER TABLE games ADD COLUMN turn_limit_secs INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN on_timeout TEXT NOT NULL DEFAULT 'play-turn' CHECK (on_timeout IN ('play-turn', 'replace'));

-- A seat played by the computer: its strength ('easy', 'medium', 'hard'), else NULL. A computer
-- seated in the lobby has a small user id of its own (Discord's ids are far larger); a person
-- replaced by the computer keeps their id and name.
ALTER TABLE seats ADD COLUMN computer TEXT CHECK (computer IN ('easy', 'medium', 'hard'));
-- While a person is away (unix ms; the largest integer: until they say they are back), the
-- computer plays their turns.
ALTER TABLE seats ADD COLUMN away_until INTEGER;

-- What each user chose for reminders (`/settings`); a user without a row has the defaults.
CREATE TABLE user_settings (
    user_id        INTEGER PRIMARY KEY,
    reminders      INTEGER NOT NULL DEFAULT 1,     -- 0: no reminders
    direct         INTEGER NOT NULL DEFAULT 0,     -- 1: by direct message instead of the channel
    utc_offset_min INTEGER NOT NULL DEFAULT 0,     -- the user's time zone, as an offset from UTC
    quiet_from_min INTEGER,                        -- quiet hours, minutes after local midnight
    quiet_to_min   INTEGER                         -- (may wrap past midnight; NULL: none)
);

-- The scheduler's due items: at most one of each kind per game. 'computer': the computer plays
-- now; 'reminder': ping the player the game waits for; 'deadline': their time is up. Each is set
-- in the transaction of the change that caused it, for the game's version then, and acts only
-- while the game is still at that version: handled once, in one transaction.
CREATE TABLE due (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL CHECK (kind IN ('computer', 'reminder', 'deadline')),
    version       INTEGER NOT NULL,
    due_at        INTEGER NOT NULL,            -- unix ms
    user_id       INTEGER NOT NULL,            -- who the game waits for
    since         INTEGER NOT NULL,            -- unix ms: since when it waits for them
    sent          INTEGER NOT NULL DEFAULT 0,  -- reminders already sent for this wait
    claimed_until INTEGER NOT NULL DEFAULT 0,  -- unix ms: a process is handling it until then
    claimed_by    TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, kind)
);

CREATE INDEX due_by_time ON due (due_at);

-- Votes to hand a seat to someone else (`/replace`: `proposed` is the new player) or to the
-- computer (`/kick`: `proposed` is 0). A majority of the other seated people applies it.
CREATE TABLE seat_votes (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    target   INTEGER NOT NULL,
    proposed INTEGER NOT NULL,
    voter    INTEGER NOT NULL,
    PRIMARY KEY (game_id, target, proposed, voter)
);
