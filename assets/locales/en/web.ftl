# The web view of a game (src/web): its page, and what the bot says about its link.

## In the channel: the last line of a turn message and of /board, when the bot has a public address.
web-link = 🔭 The whole board, its history, live: <{ $url }>

## /revoke-link (the opener or a moderator, privately)
web-revoked = 🔒 The game's web link no longer works. A new one is in the next turn message.
web-revoked-new = 🔒 The game's old web link no longer works. The new one: <{ $url }>
err-web-revoke-who = Only the player who opened this game, or a moderator of the server (Manage Channels or Manage Messages), can revoke its web link.

## The page
web-title = { $game } · game { $id }
web-live = live
web-reconnecting = reconnecting…
web-too-many = Too many people are watching this game: the page no longer updates by itself. Reload it later.
web-board = Board
web-board-alt = The whole board after step { $step }
web-zoom-in = Zoom in
web-zoom-out = Zoom out
web-zoom-fit = Whole board
web-history = History
web-previous = Previous step
web-next = Next step
web-latest = Latest
web-step = Step { $step } of { $steps }
web-step-start = The start, before the first step ({ $steps } steps so far)
web-step-none = Nothing happened in this step that the table sees.
web-standings = Standings
web-not-started = The game has not started yet: its board appears once its lobby starts.
web-not-found = Nothing here.
