-- See migrations/sqlite/0013_posts_held_for_the_run.sql.
ALTER TABLE outbox ADD COLUMN held_for_run BIGINT NOT NULL DEFAULT 0;
UPDATE outbox SET held_for_run = 1, claimed_by = substr(claimed_by, 9) WHERE claimed_by LIKE 'carried:%';
