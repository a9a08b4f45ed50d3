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
    Change them with `/settings reminders: … where: … utc_offset: … quiet_hours: … language: …` (for example `utc_offset: +2 quiet_hours: 22-7`).
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
    On your turn the bot pings you with the board. **South Seas**:
    • `/place` — pick a lettered spot and rotation (or use the menu under the board)
    • `/islander` — put an islander on the new tile, take one back, or none (or the buttons)
    • `/deliver` / `/pay` — give wares to a ship, or `/endturn`
    • `/ship` — choose your market's ship when asked
    {"*"}*Seafarers**: tap the buttons (Roll, build menus of lettered spots, Bank trade, Offer a trade…, End turn; Accept, Decline or Counter… an offer), or type any step with `/seafarers` (`road 4`, `settlement B`, `end turn`, `offer 2 brick for 1 ore`, `counter 1 ore for 2 wool`: it suggests as you type). Discards and gold are chosen privately (**Discard…**); **My hand** or `/hand` shows your cards to you alone.
    Anytime: `/board`, `/status`, `/history`, `/rules` (South Seas: `/tiles`, `/ships`). Made a slip? `/undo` (until something left to chance is revealed). `/abandon` ends a game.

    {"*"}*Games that keep moving**
    • Reminders: the bot pings you when it has been your turn for a while (never in your quiet hours). `/settings` turns them off, sends them by direct message, or sets quiet hours (`utc_offset: +2 quiet_hours: 22-7`).
    • Deadlines: each turn has a time limit (chosen at `/new`, 24 hours unless set); when it runs out, the computer plays that turn for you (or takes your seat, if the game was opened so).
    • Computer players: `/addbot [easy|medium|hard]` or **Add computer** in the lobby; you can play alone against them.
    • Away: `/away [8h]` lets the computer play your turns; `/back` when you return. `/replace` hands a seat to someone else; `/kick` votes a gone player's seat to the computer.
    • Language: `/settings language` picks the language the bot speaks to you alone; `/new language` a game's.

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
lobby-joined = { $name } joined.
lobby-left = { $name } left.
lobby-closed = Everyone left: the lobby is closed. `/new` opens another.
lobby-vote-abandon = 🗳️ { $name } votes to abandon the game ({ $votes } of { $needed ->
    [one] { $needed } vote
   *[other] { $needed } votes
} needed; `/abandon` to vote).
lobby-abandoned = 🛑 The game was abandoned. `/new` starts another.
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
