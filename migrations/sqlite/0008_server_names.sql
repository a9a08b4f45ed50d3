-- The names of the servers the bot is in, as Discord last told them (when the bot connects,
-- and when a server is renamed): a direct message that reminds a player of their turn names
-- the server the game is played in. A copy of Discord's, rebuilt on every connection, so
-- backups leave it out.
CREATE TABLE servers (
    guild_id INTEGER PRIMARY KEY,
    name     TEXT    NOT NULL
);
