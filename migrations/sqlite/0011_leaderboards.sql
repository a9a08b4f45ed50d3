-- Stats and ratings per server (issue 32): a player may keep their name off the leaderboards
-- (`/settings leaderboard:`). Their games still count for everyone else's ratings.
ALTER TABLE user_settings ADD COLUMN hide_from_leaderboards INTEGER NOT NULL DEFAULT 0;
