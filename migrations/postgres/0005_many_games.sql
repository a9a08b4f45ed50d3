-- One host, many games (see the SQLite migration of the same number for the why): the seat of
-- every logged step, due items per waiting person, posts addressed to one player.

ALTER TABLE actions ADD COLUMN seat BIGINT;

ALTER TABLE due DROP CONSTRAINT due_pkey;
ALTER TABLE due ADD PRIMARY KEY (game_id, kind, user_id);

ALTER TABLE outbox ADD COLUMN recipient BIGINT NOT NULL DEFAULT 0;
ALTER TABLE outbox DROP CONSTRAINT outbox_pkey;
ALTER TABLE outbox ADD PRIMARY KEY (game_id, version, recipient);
