-- Moderators and housekeeping (see the SQLite migration of the same number for the why): who
-- paused a game and when, a due item that closes a lobby nobody touched, and one for every
-- lobby open now (3 days after this upgrade).
ALTER TABLE games ADD COLUMN paused_by BIGINT;
ALTER TABLE games ADD COLUMN paused_by_name TEXT;
ALTER TABLE games ADD COLUMN paused_at BIGINT;

ALTER TABLE due DROP CONSTRAINT due_kind_check;
ALTER TABLE due ADD CONSTRAINT due_kind_check CHECK (kind IN ('computer', 'reminder', 'deadline', 'lobby'));

INSERT INTO due (game_id, kind, version, due_at, user_id, since, sent, claimed_until, claimed_by)
    SELECT id, 'lobby', version, CAST(EXTRACT(EPOCH FROM now()) AS BIGINT) * 1000 + 259200000, 0, updated_at * 1000, 0, 0, ''
    FROM games WHERE status = 'lobby';
