# The slash commands: `cmd-NAME` is a command's name (`.description`), `cmd-NAME-OPTION` an
# option's name (`.description`, `.choice-N` for its N-th choice). English names are the
# code's (Discord sends them back); src/discord/commands/localize.rs reads this file.

cmd-new = new
    .description = Open a game in this channel (Carcassonne: South Seas unless you choose another).
cmd-new-game = game
    .description = Which game (default: Carcassonne: South Seas)
cmd-new-scenario = scenario
    .description = Catan: Seafarers: which scenario (default: Heading for New Shores)
    .choice-0 = Heading for New Shores (3-4 players, 13 points)
    .choice-1 = The Four Islands (3-4 players, 12 points)
    .choice-2 = Ocean Land: explore the fog (3-4 players, 12 points)
    .choice-3 = Through the Desert (3-4 players, 12 points)
    .choice-4 = A New World: random islands (3-4 players, 12 points)
    .choice-5 = Catan without the sea (3-4 players, 10 points)
cmd-new-pirate = pirate
    .description = Catan: Seafarers: play with the pirate (default: no)
cmd-new-retrieve = retrieve
    .description = South Seas: when may players take an islander back? (default: empty-supply)
    .choice-0 = empty-supply: only when you have no islander left (English rules)
    .choice-1 = any-turn: any turn you place none (German rules, online version)
cmd-new-max_players = max_players
    .description = Most players (2-5, default 5)
cmd-new-min_players = min_players
    .description = Fewest players to start (2-5, default 2)
cmd-new-turn_limit = turn_limit
    .description = How long each player has for a turn (default: 24 hours)
    .choice-0 = no limit
    .choice-1 = 1 hour
    .choice-2 = 4 hours
    .choice-3 = 12 hours
    .choice-4 = 24 hours
    .choice-5 = 2 days
    .choice-6 = 3 days
    .choice-7 = 7 days
cmd-new-on_timeout = on_timeout
    .description = When a player's time runs out (default: the computer plays that turn)
    .choice-0 = the computer plays that turn for them
    .choice-1 = a computer player takes their seat for the rest of the game
cmd-new-language = language
    .description = The language of the game's messages and pictures (default: the server's)
    .choice-0 = English
    .choice-1 = Français
cmd-new-thread = thread
    .description = Open the game in a thread of its own (in a forum channel: a post of its own)

cmd-join = join
    .description = Join the game waiting for players in this channel.

cmd-leave = leave
    .description = Leave the game waiting for players in this channel.

cmd-addbot = addbot
    .description = Seat a computer player in the game waiting for players here.
cmd-addbot-strength = strength
    .description = How well it plays (default: medium)
    .choice-0 = easy: plays at random, takes what plainly pays
    .choice-1 = medium: takes the best move it sees
    .choice-2 = hard: looks ahead (thinks about a second per move)

cmd-start = start
    .description = Start the game (for the player who opened it).

cmd-place = place
    .description = Place the drawn tile: pick a spot and rotation (the letters on the board image).
cmd-place-spot = spot
    .description = Spot and rotation, e.g. B 90

cmd-islander = islander
    .description = Place an islander on the tile you just placed, take one back, or skip.
cmd-islander-choice = choice
    .description = Where to put it (or take back / none)

cmd-ship = ship
    .description = Choose the ship your completed market gives you (when several are worth the most).
cmd-ship-choice = choice
    .description = One of the most valuable ships

cmd-deliver = deliver
    .description = Deliver wares to a ship on display (this ends your turn).
cmd-deliver-ship = ship
    .description = A ship you can pay

cmd-pay = pay
    .description = Choose how to pay the ship you are delivering to.
cmd-pay-payment = payment
    .description = Which wares to give

cmd-endturn = endturn
    .description = End your turn without delivering.

cmd-undo = undo
    .description = Undo your own last step (not once something left to chance was revealed).

cmd-seafarers = seafarers
    .description = Take a step in Catan: Seafarers: build, roll, trade, play a card, end your turn.
cmd-seafarers-step = step
    .description = What to do, e.g. roll, settlement B, road 4, end turn

cmd-abandon = abandon
    .description = End the game here: its opener or a moderator after a confirming tap, the others by vote.

cmd-pause = pause
    .description = Pause the game here (its opener or a moderator): nothing is played or timed until /resume.

cmd-resume = resume
    .description = Resume the paused game here (its opener or a moderator), with fresh turn time.

cmd-revoke-link = revoke-link
    .description = Stop the game's web link from working and make a new one (its opener or a moderator).

cmd-away = away
    .description = Hand your turns to the computer while you are away (until `/back`, or for a while).
cmd-away-for = for
    .description = For how long, e.g. 8h, 2d, 1d12h, 30m (default: until /back)

cmd-back = back
    .description = Play your own turns again after `/away`.

cmd-replace = replace
    .description = Hand a seat to another person: yours at once, or a gone player's by a majority vote.
cmd-replace-player = player
    .description = Whose seat (yourself to hand yours over)
cmd-replace-with = with
    .description = Who plays it from now on

cmd-kick = kick
    .description = Vote to hand a gone player's seat to a computer player (a majority of the others decides).
cmd-kick-player = player
    .description = The player who is gone

cmd-settings = settings
    .description = Your reminders (on or off, where, quiet hours in your time zone) and your language (private).
cmd-settings-reminders = reminders
    .description = Remind me when it has been my turn for a while
cmd-settings-where = where
    .description = Where reminders reach me
    .choice-0 = in the game's channel
    .choice-1 = by direct message
cmd-settings-utc_offset = utc_offset
    .description = My time zone as an offset from UTC, e.g. +2, -5, +5:30
cmd-settings-quiet_hours = quiet_hours
    .description = No reminders between these local times, e.g. 22-7 or 22:00-07:30, or off
cmd-settings-language = language
    .description = The language of what the bot tells me alone (default: my Discord's)
    .choice-0 = my Discord's
    .choice-1 = English
    .choice-2 = Français
cmd-settings-leaderboards = leaderboards
    .description = Show me on this server's leaderboards (default: yes)

cmd-board = board
    .description = Show the board (only to you).

cmd-status = status
    .description = Wares, ships, islanders and scores of every player (only to you).

cmd-hand = hand
    .description = Your cards and what you can do with them (only to you).

cmd-tiles = tiles
    .description = The tiles still in the stack, as a picture with their counts (only to you).

cmd-ships = ships
    .description = The ships on display and how many are left (only to you).

cmd-history = history
    .description = What happened in the game, a page at a time (only to you).
cmd-history-page = page
    .description = Which page: 1 (the default) is the latest, 2 the steps before it, and so on

cmd-replay = replay
    .description = A finished game of this channel again: its timelapse, then step by step (only to you).
cmd-replay-game = game
    .description = Which finished game of this channel (default: the latest)

cmd-rules = rules
    .description = The rules in one minute (only to you).

cmd-help = help
    .description = How to play with this bot (only to you).

cmd-stats = stats
    .description = Games played and won, scores, placements, time per turn (only to you).
cmd-stats-player = player
    .description = Whose stats (default: yours)
cmd-stats-game = game
    .description = Which game (default: each)

cmd-leaderboard = leaderboard
    .description = This server's ratings, per game (only to you).
cmd-leaderboard-game = game
    .description = Which game (default: each)
