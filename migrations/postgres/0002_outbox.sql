-- The outbox: what a step owes its channel, recorded in the step's transaction (see
-- migrations/sqlite/0002_outbox.sql for the why of each column).
CREATE TABLE outbox (
    game_id       BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version       BIGINT NOT NULL,
    channel_id    BIGINT NOT NULL,
    reply         TEXT   NOT NULL,
    created_at    BIGINT NOT NULL,
    claimed_until BIGINT NOT NULL,
    claimed_by    TEXT   NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, version)
);

CREATE INDEX outbox_by_claim ON outbox (claimed_until);

ALTER TABLE games ADD COLUMN changed_ms BIGINT NOT NULL DEFAULT 0;

ALTER TABLE messages ADD COLUMN retired BIGINT NOT NULL DEFAULT 0;

CREATE INDEX messages_to_retire ON messages (game_id) WHERE retired = 0;
