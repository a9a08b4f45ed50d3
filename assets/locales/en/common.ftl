# What every game shares: languages, /settings, the Discord layer's own answers.

## Languages, each named in its own language wherever it is shown.
language-en = English
language-fr = Français

## /settings (private)
settings-saved = ✅ Saved.
settings-shown = **Your settings**
    • Reminders: { $reminders }
    • Where: { $place }
    • Quiet hours: { $quiet }
    • Language: { $language }
    • Leaderboards: { $leaderboards }
    Change them with `/settings reminders: … where: … utc_offset: … quiet_hours: … language: … leaderboards: …` (for example `utc_offset: +2 quiet_hours: 22-7`).
settings-leaderboards-shown = your name and rating are shown
settings-leaderboards-hidden = hidden (your games still rate the others)
settings-on = on
settings-off = off
settings-where-direct = by direct message
settings-where-channel = in the game's channel
settings-quiet-hours = { $from }–{ $to } ({ $offset })
settings-quiet-none = none (time zone { $offset })
settings-language-chosen = { $language }
settings-language-discord = { $language } (your Discord's)
settings-bad-offset = I can't read that time zone. Give it as an offset from UTC, like `+2`, `-5`, or `+5:30`.
settings-bad-quiet-hours = I can't read those quiet hours. Give them as `22-7` or `22:00-07:30` (your local time), or `off`.

## /help (private)
help = **How to play here**
    `/new` opens a game in this channel (Carcassonne: South Seas; `game: Catan: Seafarers` with a `scenario` for the other); friends press **Join**; the opener presses **Start**.
    On your turn the bot pings you with the board. { $games }
    Anytime: `/board`, `/status`, `/history`, `/rules` (South Seas: `/tiles`, `/ships`). Made a slip? `/undo` (until something left to chance is revealed).
    More below: games that keep moving, and after the last move.
# The second message of /help (a message holds 2,000 characters at most).
help-more = {"*"}*Games that keep moving**
    • Reminders when your turn lasts: `/settings` turns them off, sends them by direct message, or sets quiet hours (`utc_offset: +2 quiet_hours: 22-7`).
    • Deadlines: each turn has a time limit (24 hours unless `/new` says otherwise); then the computer plays it for you (or takes your seat).
    • Computer players: `/addbot [easy|medium|hard]` or **Add computer** in the lobby; you can play alone.
    • Away: `/away [8h]`, then `/back`: the computer plays your turns meanwhile. `/replace` hands a seat to someone else; `/kick` votes a gone player's seat to the computer.
    • Ending: `/abandon` votes to end a game; its opener or a moderator ends it at once after a confirming tap, and may `/pause` and `/resume` it. Lobbies untouched for 3 days close.
    • Language: `/settings language` (yours), `/new language` (a game's).
    • A game's web link, where the bot gives one: `/revoke-link` (its opener or a moderator) stops it and makes a new one.

    {"*"}*After the last move**
    • `/replay [game]`: a finished game of this channel, to you alone: its timelapse, then its turns one by one (◀ ▶). **Rematch** under the final board opens the same table again.
    • `/stats [player] [game]`: games played and won, scores, placements, time per turn, and each game's own figures and favourites: the feature you complete most (South Seas), the piece you build most (Seafarers).
    • `/leaderboard [game]`: Weng-Lin ratings per server, each shown once its uncertainty is low, after a few games with other people; `/settings leaderboards` hides you.

## The games and the computer's strengths, by name.
game-southseas = Carcassonne: South Seas
game-seafarers = Catan: Seafarers
strength-easy = easy
strength-medium = medium
strength-hard = hard

## How long, roughly ("8 hours", "1 day", "25 minutes").
duration-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
duration-hours = { $n ->
    [one] { $n } hour
   *[other] { $n } hours
}
duration-days = { $n ->
    [one] { $n } day
   *[other] { $n } days
}

## The lobby (public, in the game's language)
lobby-opened = 🏝️ { $name } opened a game of **{ $game }**.
lobby-rematch = 🔁 { $name } wants a rematch of game #{ $number } of **{ $game }**: same options, a new deal. Tap **Join** to take your seat.
rematch = Rematch
lobby-joined = { $name } joined.
lobby-left = { $name } left.
lobby-closed = Everyone left: the lobby is closed. `/new` opens another.
lobby-vote-abandon = 🗳️ { $name } votes to abandon the game ({ $votes } of { $needed ->
    [one] { $needed } vote
   *[other] { $needed } votes
} needed; `/abandon` to vote).
lobby-abandoned = 🛑 The game was abandoned. `/new` starts another.
lobby-ended-by-moderator = 🛑 The game was abandoned by { $name }, a moderator of this server. `/new` starts another.
lobby-expired = ⌛ This lobby closed by itself: nobody joined, left or started it for { $days ->
    [one] { $days } day
   *[other] { $days } days
}. `/new` opens a new one.
lobby-shown = { $headline }
    {"*"}*Players ({ $seated }/{ $max }):**
    { $players }
    { $rules } · { $min }–{ $max } players · { $limit }.
    Press **Join** to play, **Add computer** (or `/addbot`) to seat a computer player; the opener presses **Start** when ready.
lobby-computer-seated = { $name } seated a computer player: { $computer } ({ $strength }).
lobby-waiting = Waiting for players.
lobby-join = Join
lobby-leave = Leave
lobby-start = Start
lobby-add-computer = Add computer
seat-computer = { " " }(computer, { $strength })
seat-replaced = { " " }(replaced by the computer)
seat-away = { " " }(away: the computer plays)
turn-limit-none = no turn time limit
turn-limit = { $duration } per turn, { $then ->
    [replace] then a computer player takes the seat
   *[play] then the computer plays that turn
}

## The Discord layer's own answers (private, in the reader's language)
apology = Sorry, something went wrong on my side. Nothing was changed; please try again in a moment.
not-posted = Done, but I couldn't post it to the channel just now; it will appear shortly.
done-see-channel = ✅ Done: see the channel.
unreadable-option = I couldn't read { $what } of `/{ $command }`: it isn't one of the values the command takes. Pick from what Discord offers as you type (`/help` lists the commands).
unreadable-option-any = one of the options
new-other-games-option = `{ $option }` is an option of { $other }, not of { $game }: add `{ $choice }: { $other }`, or leave it out.
missing-permissions = I'm missing { $n ->
    [one] { $n } permission
   *[other] { $n } permissions
} in this channel: **{ $names }**. Ask a server admin to grant { $n ->
    [one] it
   *[other] them
}, then try again.
permission-view-channel = View Channel
permission-send-messages = Send Messages
permission-attach-files = Attach Files
permission-read-message-history = Read Message History
permission-send-messages-in-threads = Send Messages in Threads
permission-create-public-threads = Create Public Threads

## A game in a thread of its own (`/new thread: True`): in the game's language
thread-name = { $game } — { $name }'s table
thread-not-made = I couldn't open a thread for the game here (Discord said: { $why }). Check that I may create public threads and send messages in threads here, or use `/new` without `thread`.
thread-opened = { $name } opened a game of { $game } in { $thread }: join it there.
forum-post-opened = { $name } opened this game of { $game }: its table is below.
thread-locked = Your game of { $game } (#{ $id }) in { $thread } cannot go on: the thread is locked. A moderator can unlock it, or end the game there with `/abandon`.
thread-gone = Your game of { $game } (#{ $id }) cannot go on: the thread (or channel) it was played in was deleted. It has ended; open a new one with `/new`.

## The host's own refusals (private, in the reader's language)
err-unknown-button = That button isn't one I know. Use `/status` to see the game.
err-unknown-choice = That choice isn't one I know.
err-pick-option = Pick one of the options.
err-gone = That button belongs to a game that is over or closed. Use the newest message, or `/status`.
err-stale = That button is out of date: { $moved }
err-no-game = There is no game in this channel. Start one with `/new`.
err-no-running-game = There is no running game in this channel. Start one with `/new`.
err-game-vanished = That game no longer exists.
err-other-channel = That button belongs to a game in another channel.
err-game-over = That game is over. `/new` starts another.
err-rematch-not-over = A rematch is offered once a game is over.
err-rematch-not-played = Only the people who played this game can ask for its rematch; `/new` opens another game.
err-rematch-busy = This channel has another game open now: finish it (or `/abandon` it) before a rematch, or open one in a thread with `/new thread:True`.
err-rematch-seated = You are already seated in the rematch: the opener starts it with **Start**.
err-game-abandoned = That game was abandoned. `/new` starts another.
err-other-game-step = This channel's game is { $game }: that step is for another game.
err-other-game-command = This channel's game is { $game }: that command is for { $other }.
err-channel-game = This channel's game is { $game }.
err-channel-busy = A game is already open here: one game per channel or thread. Use `/status` to see it, or `/abandon` to end it first; to play another at once, use `/new thread:True` in a channel, which gives the new game a thread of its own.
err-started-watch = The game here has already started. Watch along with `/board`, or start a new one after it ends.
err-already-joined = You are already in this game. Wait for the start, or press Leave.
err-full = The game is full ({ $max } players).
err-leave-started = The game has started: you can't leave it now. Use `/abandon` to vote to end it.
err-not-in-lobby = You are not in this game.
err-already-started = The game has already started.
err-only-opener = Only the player who opened the game can start it.
err-too-few = At least { $min } players are needed; { $joined } joined so far.
err-only-players-abandon = Only the players of this game can vote to abandon it (its opener and the server's moderators can end it at once).
err-not-started = The game hasn't started yet.
err-not-running = The game isn't running.
err-not-playing = You are not playing in this game. You can watch with `/board` and `/status`.
err-not-playing-short = You are not playing in this game.
err-seat-taken-over = A computer player has taken over your seat in this game, so you can't play it any more. You can watch with `/board`.
err-seat-taken-over-short = A computer player has taken over your seat in this game.
err-undo-not-running = There is nothing to undo: the game is not running.
err-undo-nothing = There is nothing to undo yet.
err-undo-not-yours = You can only undo your own last step, and the last step wasn't yours.
err-no-cards-yet = The game hasn't started yet: nobody holds cards.
err-no-cards-watcher = You are not playing in this game, so you hold no cards. You can watch with `/board` and `/status`.
err-hides-nothing = { $game } hides nothing: everything is on the board (`/board`, `/status`).
err-no-board-yet = The game hasn't started yet: there is no board to show.
err-history-pages = The history has { $n ->
    [one] { $n } page
   *[other] { $n } pages
}: ask for page 1 to { $n }.
err-computer-lobby-only = Computer players join in the lobby, before the start. In a running game, `/away` or `/kick` hand a seat to the computer.
err-computer-join-first = Join the game first: only its players seat computer players.
err-computer-strengths = { $game } has { $offered } computer players (no { $strength } one yet).
err-computer-no-room = There is no room for another computer player.
err-away-range = Away can be from a minute up to 30 days. For longer, hand your seat to someone with `/replace`.
err-not-away = You are not away: you play your own turns.
err-replace-lobby = Seats are handed over in a running game; in the lobby, players simply `/join` and `/leave`.
err-not-a-player = That person is not playing in this game.
err-computer-seat = That seat is a computer player's.
err-newcomer-playing = The new player must be someone not already playing in this game.
err-only-others-replace = Only the other players of this game can vote to hand a seat over.
err-kick-lobby = `/kick` is for a running game; in the lobby, only a player can leave.
err-already-computer = The computer already plays that seat.
err-kick-self = To hand your own turns to the computer, use `/away`; to give your seat to someone, `/replace`.
err-only-others-kick = Only the other players of this game can vote to kick someone.
err-vote-paused = The game is paused: votes over a seat wait until it resumes (`/resume`), when every turn starts afresh.
err-vote-not-waiting = The game isn't waiting for { $target } now. A vote to hand over their seat opens once they have kept it waiting for { $delay } ({ $limit ->
    [half] half their turn time
   *[none] the game has no turn time limit
}).
err-vote-too-soon = It's too early to vote over { $target }'s seat: the vote opens { $when }, once they have kept the game waiting for { $delay } ({ $limit ->
    [half] half their turn time
   *[none] the game has no turn time limit
}). A slow turn is not a gone player: a reminder pings them meanwhile.
err-paused = ⏸️ This game is paused (by { $name }, { $since }): nothing can be played until it resumes. Its opener or a moderator of the server resumes it with `/resume`.
err-already-paused = The game is already paused (by { $name }, { $since }). `/resume` goes on.
err-pause-who = Only the player who opened this game, or a moderator of the server (Manage Channels or Manage Messages), can pause it.
err-pause-lobby = There is no running game to pause here. A lobby nobody starts closes by itself after 3 days; its opener or a moderator can close it now with `/abandon`.
err-not-paused = The game here isn't paused: there is nothing to resume.
err-resume-who = Only the player who opened this game, or a moderator of the server, can resume it (it was paused by { $name }).
err-abandon-confirm-who = Only the player who opened this game, or a moderator of the server, can end it at once. `/abandon` casts your vote instead.
list-and = { " " }and{ " " }

## Looking at the game (private, in the reader's language)
history-empty = Nothing has happened yet.
history-header = **History, page { $page } of { $pages }** (1 is the latest){ $older }
history-older = { " " }· older: `/history page:{ $next }`
history-start = { " " }· the start of the game
status-computer-plays = The computer plays: { $seats }
status-paused = ⏸️ Paused by { $name } { $since }: nothing is played, reminded or timed until `/resume` (its opener or a moderator).
status-abandoned = 🛑 The last game in this channel (**{ $game }**, game #{ $id }) was abandoned: nothing is running here. `/new` starts another.
board-abandoned = 🛑 **{ $game }**, game #{ $id }, was abandoned: the board as it was left.

## Ending, pausing and resuming a game: the opener or a moderator (the question is private, in the reader's language; the rest public, in the game's)
abandon-confirm-game = End this game of **{ $game }** for everyone ({ $players })? It can't be undone: the game is over for good.
abandon-confirm-lobby = Close this lobby of **{ $game }** ({ $players })? The channel is then free for a new game.
abandon-confirm-end = End it
abandon-confirm-keep = Keep playing
abandon-kept = 👍 Nothing changed: the game goes on.
game-paused = ⏸️ { $name } paused the game. Nothing can be played, and no reminder, deadline or computer move comes, until its opener or a moderator `/resume`s it; then every turn's time starts afresh.
game-resumed = ▶️ { $name } resumed the game (paused for { $paused }): the time for this turn starts afresh.
deadline-line = ⏳ Time limit: { $when }.
retired-note = ✔️ Played on: the game continues in a newer message.
retired-note-abandoned = 🛑 The game was abandoned: it ended here, with no more moves.

## Seats and time (public, in the game's language; a reminder by direct message in its reader's)
seat-back-header = 👋 { $name } is back: the computer no longer plays for them.
seat-away-notice = 💤 { $name } is away { $when }: { $what }. `/back` to play again.
seat-away-for = for { $duration } (back { $back })
seat-away-until-back = until they are back
seat-away-waits = nobody else here is held up, so the game waits for them
seat-away-plays-now = the computer (medium) plays their turns meanwhile, starting with this one
seat-away-plays = the computer (medium) plays their turns meanwhile
seat-back = 👋 { $name } is back and plays their own turns again.{ $yours }
seat-your-turn = { " " }It's your turn: { $task }.
seat-vote-replace = 🗳️ { $name } votes to hand { $target }'s seat to { $newcomer } ({ $votes } of { $needed } votes needed; the others agree with the same `/replace`, or { $target } can hand it over themselves).
seat-replaced-self = 🔁 { $target } handed their seat to { $newcomer }: welcome, { $newcomer }, you play this seat from now on.{ $turn }
seat-replaced-vote = 🔁 By vote, { $target }'s seat goes to { $newcomer }: welcome, { $newcomer }, you play this seat from now on.{ $turn }
seat-vote-kick = 🗳️ { $name } votes to hand { $target }'s seat to a computer player ({ $votes } of { $needed } votes needed; `/kick` the same player to agree).
seat-kicked = 🥾 By vote, a computer player (medium) takes { $target }'s seat for the rest of the game.{ $now }
seat-kicked-now = { " " }It plays their turn now.
reminder = ⏰ **{ $name }**, it's been your turn for { $duration }: { $task }.
reminder-deadline = { " " }Your time runs out { $when }.
reminder-direct-head = 🎲 **{ $game }** (game { $id }) in { $channel }
reminder-direct-head-server = 🎲 **{ $game }** (game { $id }) on **{ $server }**, in { $channel }
reminder-link = ➡️ The turn message, with its buttons: { $link }
timeout-replace = ⌛ { $name }'s time ran out ({ $waited }): a computer player takes their seat for the rest of the game.
timeout-play = ⌛ { $name }'s time ran out ({ $waited }): the computer plays for them this time.

## A deal anyone can check (src/common/deal.rs)
deal-commitment = 🔒 The deal is committed: `{ $hash }` is SHA-256 of this game's seed and a secret salt, both revealed when the game ends, so anyone can check that the tiles and dice were the seed's (`southseas verify`).
deal-reveal = 🔓 The deal revealed: seed `{ $seed }`, salt `{ $salt }`. SHA-256 of `{ $seed }:{ $salt }` is the commitment posted at the start; `southseas verify` replays the game's history (`/history` gives it as a file) from this seed.
deal-none = This game began before deals were committed: it has no commitment to check.
history-file = 📎 The game is over: the attached file is its public history. With the seed and salt its last message revealed, `southseas verify` checks its deal.

## /stats and /leaderboard (private; src/service/stats.rs)
stats-head = 📊 **{ $name }** on this server
stats-game = **{ $game }**: { $played } played, { $won } won · score { $average } on average, { $best } at best · place { $placement } on average · { $turn } per turn (median)
stats-figure = { "  " }• { $figure }: { $total } ({ $average } a game)
stats-none = { $name } has no finished game on this server yet.
stats-hidden = { $name } keeps off the leaderboards: their stats are theirs alone.
stats-seconds = { $n } s
leaderboard-head = 🏆 **{ $game }**: Weng-Lin ratings from { $games ->
    [one] { $games } finished game
   *[other] { $games } finished games
} with at least two people
leaderboard-line = { $rank }. { $name }: **{ $rating }** ± { $uncertainty } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
})
leaderboard-computer = 🤖 computer ({ $strength })
leaderboard-unsure = { $n ->
    [0] Nobody is rated surely enough yet
    [one] 1 more player is not shown yet
   *[other] { $n } more players are not shown yet
}: a rating shows once its uncertainty is below { $limit }, after a few games against others.
leaderboard-empty = **{ $game }**: no finished game here counts yet (abandoned games and games with fewer than two people do not).

## The game-over picture (the recap): who won, the points over the turns, each game's figures.
recap-wins = { $name } wins with { $points } points
recap-share = { $names } share the win with { $points } points
recap-points = Points
recap-turn = Turn

## /replay: a finished game again (private, in the reader's language)
timelapse-after-game = 🎞️ **Game #{ $id }** from the first step to the last ({ $steps ->
    [one] 1 step
   *[other] { $steps } steps
}). `/replay` goes through it one step at a time.
replay-timelapse = 🎞️ **Game #{ $id }**, the board step by step ({ $steps ->
    [one] 1 step
   *[other] { $steps } steps
}). The buttons of the next message go through it one step at a time.
replay-step = **Game #{ $id }** · step { $step } of { $steps }
replay-opening = The opening: nothing played yet.
err-replay-none = No game has finished in this channel yet: `/replay` shows a finished game again.
err-replay-not-here = Game #{ $id } was not played in this channel: `/replay` shows this channel's finished games.
err-replay-not-finished = Game #{ $id } is not over yet: `/replay` shows a game once it has finished (`/history` tells one still running).
err-replay-which = `{ $typed }` is not a game's number: pick one of the suggestions, or leave it out for the latest game.
