-- The web view of a game (src/web): its page is served only under an unguessable token, one
-- per game, made when a link is first needed. A moderator revokes it by drawing a new one: the
-- old token then finds nothing. Public information only is served under it, so it is no key
-- to anything hidden; it only keeps a game's page from being found by anyone outside.
CREATE TABLE web_links (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    token      TEXT    NOT NULL UNIQUE,
    created_ms INTEGER NOT NULL
);
