-- What a stored game means is pinned: which game it is (`kind`, the engine that replays it)
-- and which frozen tile set and ships it was dealt from (`ruleset`, see
-- crates/engine/src/ruleset.rs). Every game stored before this migration is a South Seas game
-- under ruleset 1: the tiles and ships that existed then, kept unchanged as ruleset 1.
ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'southseas';
ALTER TABLE games ADD COLUMN ruleset INTEGER NOT NULL DEFAULT 1;

-- Retiring a message's buttons is claimed for a while by the process that does it, as posting
-- is, so that with several processes sharing the database each edit is made by one of them.
ALTER TABLE messages ADD COLUMN claimed_until INTEGER NOT NULL DEFAULT 0;
