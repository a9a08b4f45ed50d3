-- See migrations/sqlite/0009_posts_discord_may_have_made.sql.
ALTER TABLE outbox ADD COLUMN unsure BIGINT NOT NULL DEFAULT 0;
