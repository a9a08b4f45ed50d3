-- What a step owes the channel (its message, with the next player's ping and choices) is
-- recorded in the same transaction as the step, and removed once it is posted. A process that
-- dies in between leaves the row, and the next one (or another process, once the lease ran
-- out) posts it: no step is ever left without its message.
CREATE TABLE outbox (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version       INTEGER NOT NULL,             -- the game's version the message shows
    channel_id    INTEGER NOT NULL,
    reply         TEXT    NOT NULL,             -- JSON of the service's Reply (without images)
    created_at    INTEGER NOT NULL,             -- unix milliseconds
    -- The process that made the step posts it itself; others leave the row alone until then.
    claimed_until INTEGER NOT NULL,             -- unix milliseconds
    -- Which process holds it (its instance name): a restarted process takes back its own at once.
    claimed_by    TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, version)
);

CREATE INDEX outbox_by_claim ON outbox (claimed_until);

-- When the game last changed, in unix milliseconds: a typed `/undo` sent before a change it
-- did not see is refused (two sent at once undo one step), judged by the interaction's time.
ALTER TABLE games ADD COLUMN changed_ms INTEGER NOT NULL DEFAULT 0;

-- A message's buttons are retired (removed) once it no longer shows the game's current
-- version. Retiring is an edit on Discord; a failed one is retried until it succeeds.
ALTER TABLE messages ADD COLUMN retired INTEGER NOT NULL DEFAULT 0;

-- Until now only the newest message of a game could still have buttons.
UPDATE messages SET retired = 1
WHERE EXISTS (
    SELECT 1 FROM messages newer
    WHERE newer.game_id = messages.game_id
      AND (newer.version > messages.version OR (newer.version = messages.version AND newer.message_id > messages.message_id))
);

CREATE INDEX messages_to_retire ON messages (game_id) WHERE retired = 0;
