# Carcassonne: South Seas (src/games/southseas/).

## The lobby's line about the game's options.
southseas-lobby-rules = { $rule ->
    [empty-supply] An islander may be taken back only when its owner has none left in hand
    [any-turn] An islander may be taken back on any turn
   *[other] Taking islanders back: { $rule }
}

## /rules (private, in the reader's language)
southseas-rules = **Carcassonne: South Seas in one minute**
    1. **Place the drawn tile** so every edge it shares matches (island–island, sea–sea, bridge–bridge).
    2. **Islander:** put one on the new tile's island (banana picker), bridge (shell collector), sea (fisherman) or market (merchant) — only if that feature holds nobody yet. Or take one back (when your supply is empty, unless the game uses *any-turn*), or skip.
    3. **Evaluation:** a completed island/bridge/sea pays 1 banana/shell/fish per symbol to the player(s) with the most islanders there; a completed market (8 tiles around) gives its merchant the best ship on display. A new tile with a **fishing boat** on an occupied sea pays its fish at once, then covers two of them (or one, if no two lie together). Islanders on evaluated features come home.
    4. **Deliver:** pay one ship on display its wares to keep it, or end your turn.
    {"*"}*End:** after the last tile, or when no ships are left. Unfinished islands, bridges and seas pay out; markets don't. **Score** = ship values + 1 point per 3 wares left.

## Counted things ("1 tile", "3 tiles"): $what names the thing.
ss-n = { $what ->
    [tile] { $n ->
        [one] { $n } tile
       *[other] { $n } tiles
    }
    [ship] { $n ->
        [one] { $n } ship
       *[other] { $n } ships
    }
    [spot] { $n ->
        [one] { $n } spot
       *[other] { $n } spots
    }
    [islander] { $n ->
        [one] { $n } islander
       *[other] { $n } islanders
    }
    [ware] { $n ->
        [one] { $n } ware
       *[other] { $n } wares
    }
    [point] { $n ->
        [one] { $n } point
       *[other] { $n } points
    }
   *[pt] { $n ->
        [one] { $n } pt
       *[other] { $n } pts
    }
}
## A ware's noun after its number ("3 shells"); $ware is shells, bananas or fish.
ss-ship = { $name } ({ $points }: { $demand })
ss-ware = { $ware ->
    [shells] { $n ->
        [one] shell
       *[other] shells
    }
    [bananas] { $n ->
        [one] banana
       *[other] bananas
    }
   *[fish] fish
}
ss-wares-none = nothing
ss-no-ware = { $ware ->
    [shells] no shells on it
    [bananas] no bananas on it
   *[fish] no fish on it
}
ss-demand-any = { $n } wares of your choice
ss-demand-same = { $n } of one kind
ss-demand-same-and-other = { $a } of one kind + { $b } of another
## The features ($kind: island, bridge, sea, market), who works them, where on a tile.
ss-role = { $kind ->
    [island] banana picker
    [bridge] shell collector
    [sea] fisherman
   *[market] merchant
}
ss-dir = { $dir ->
    [north] north
    [north-east] north-east
    [east] east
    [south-east] south-east
    [south] south
    [south-west] south-west
    [west] west
    [north-west] north-west
   *[all-around] all-around
}
ss-colour = { $colour ->
    [red] orange
    [blue] blue
    [yellow] yellow
    [green] green
   *[black] black
}
ss-spot = { $role } on the { $kind ->
    [island] { $dir } island
    [bridge] { $dir } bridge
    [sea] { $dir } sea
   *[market] market
} ({ $detail })
ss-spot-at = { $role } on the { $kind ->
    [island] { $dir } island
    [bridge] { $dir } bridge
    [sea] { $dir } sea
   *[market] market
}
ss-around = { $filled }/8 around
ss-turned = , turned { $deg }°
ss-list-and = { $first } and { $last }

## Buttons and menu options of a step (at most 80 characters).
ss-label-retrieve = Take back the { $spot }
ss-label-skip = No islander
ss-label-deliver = Deliver to { $ship } · { $points } · { $demand }
ss-label-take = Take { $ship } · { $points } · { $demand }
ss-label-pay = Pay { $payment }
ss-label-end-turn = End turn
ss-label-place = { $spot } turned { $deg }°
ss-label-size = { " " }· { $tiles }
ss-label-choice = { " " }· choice { $k } of { $n }
ss-show-board = Show board
ss-undo = Undo
ss-choose = Choose
ss-place-menu = Place the tile: spot and rotation
ss-spot-one-turn = { $spot } · { $deg }° (the one turn that fits)
ss-spot-turns = { $spot } · { $n } turns fit
ss-spots-first = Back to the first spots
ss-spots-more = More spots (page { $next } of { $pages }) ▶
ss-spots-menu-page = Place the tile: pick a spot (page { $page } of { $pages })
ss-spots-menu = Place the tile: pick a spot, then its turn
ss-other-spots = ◀ Other spots
ss-pay-first = Back to the first ways to pay
ss-pay-more = More ways to pay (page { $next } of { $pages }) ▶
ss-pay-menu-page = Choose your payment (page { $page } of { $pages })
ss-pay-menu = Choose your payment

## Narration (public, in the game's language)
ss-opening = 🏝️ **The game begins!** Turn order:
ss-opening-seat = { $k }. { $who } ({ $letter } · { $colour })
ss-tile-placed = { $who } placed tile **{ $tile }**{ $turned }{ $place }.
# Where a tile went, in the history (no picture beside it): "2 north and 1 east" of the start tile.
ss-steps-dir = { $n } { $n ->
    [one] tile
   *[other] tiles
} { $dir ->
    [north] north
    [south] south
    [east] east
   *[west] west
}
ss-from-start = , { $steps } of the start tile
ss-islander-placed = { $who } put a { $spot }.
ss-islander-retrieved = { $who } took back their { $role } from { $kind ->
    [island] an island of { $tiles }
    [bridge] a bridge of { $tiles }
    [sea] a sea of { $tiles }
   *[market] a market
}.
ss-gain = { $who } +{ $n } { $icon } { $ware }{ $each ->
    [yes] { " " }each
   *[no] {""}
}
ss-fishing-boat = 🚣 Fishing boat! The sea ({ $tiles }) is fished: { $gain }.
ss-completed = ✅ { $kind ->
    [island] Island
    [bridge] Bridge
    [sea] Sea
   *[market] Market
} completed ({ $tiles }): { $gain }.
ss-fish-covered = A boat token now covers { $fish ->
    [one] 1 fish
   *[other] 2 fish
} { $on ->
    [new] on the new tile
   *[older] on an older tile of that sea
}.
ss-islanders-home = ↩️ Islanders home: { $who }.
ss-market-ship = 🏪 Market completed: { $who } takes ship { $ship } without delivering.
ss-market-no-ship = 🏪 Market completed, but no ship is on display: { $who } gets nothing.
ss-delivered = ⛵ { $who } delivered { $payment } to ship { $ship }: **+{ $points }**.
ss-ship-revealed = 🆕 New ship: { $ship }.
ss-tile-discarded = Tile **{ $tile }** fits nowhere and leaves the game.
ss-game-over = **Game over!** Unfinished islands, bridges and seas paid out; the final standings:
ss-shared-win = 🏁 👑 Shared win: { $who }, with { $points }!
ss-king = 🏁 👑 { $who } is King of the South Seas with { $points }!
ss-final-row = { $medal } { $who } — **{ $points }**: { $ships } from ships, { $warepoints } from { $wares }{ $end }
ss-end-gave = { " " }(the end gave { $gains })
ss-computer-next = ⏩ { $who } plays next.
ss-undone = ↩️ { $who } undid { $step }.

## A step in words (after "undid", or "acted first (…)")
ss-step-tile = the tile **{ $tile }**{ $spot }{ $turned }
ss-step-some-tile = the tile{ $spot }{ $turned }
ss-step-spot = { " " }at spot **{ $spot }**
ss-step-islander = the { $spot }
ss-step-retrieve = taking back the { $spot }
ss-step-retrieve-numbered = taking back figure { $number }, the { $spot }
ss-step-skip = placing no islander
ss-step-choose = the choice of ship { $ship }
ss-step-deliver = the delivery to ship { $ship }
ss-step-pay = paying { $payment }
ss-step-end = ending the turn

## What a player must do ("place tile **K2** (`/place`)"), in reminders and notices
ss-task-place = place tile **{ $tile }**
ss-task-islander = place an islander or skip
ss-task-market = choose a ship for your merchant's market
ss-task-deliver = deliver wares to a ship or end your turn
ss-task-pay = choose how to pay ship { $ship }
ss-task-over = nothing: the game is over

## The turn's prompt
# The command to type is named in the first round only ($hint: yes), when players learn it.
ss-prompt-place = ➡️ { $who }, your turn: place tile **{ $tile }** ({ $spots }: { $labels }){ $hint ->
    [yes] {" "}with `/place` or below
   *[no] {""}
}.
ss-prompt-islander = ➡️ { $who }: { $retrieve ->
    [yes] place an islander, take one back, or skip
   *[no] place an islander or skip
}{ $hint ->
    [yes] {" "}(`/islander`)
   *[no] {""}
}.
ss-prompt-market = ➡️ { $who }: your merchant's market is complete — choose one of the most valuable ships.
ss-prompt-deliver = ➡️ { $who }: deliver wares to one ship, or end your turn.
ss-prompt-pay = ➡️ { $who }: choose how to pay ship { $ship }.

## Standings and /status
ss-standings = 📊 { $hint ->
    [yes] Points (if it ended now):{" "}
   *[no] {""}
}{ $each }
ss-status-head = **Turn { $turn }** · { $tiles } left · { $ships } in the stack
ss-status-player = { $who } — { $wares } · ships: { $ships } · { $islanders } in hand · **{ $points }** (if it ended now: { $projected }){ $marker }
ss-status-display = Ships on display: { $ships }
ss-status-display-none = none
ss-status-over = The game is over.
ss-board-caption = Board at turn { $turn }. { $prompt }
ss-moved-you = You took a step since ({ $step }).
ss-moved-computer = The computer
ss-moved-first-step = { $who } acted first ({ $step }).
ss-moved-on = the game moved on.

## Refusals (private, in the reader's language)
ss-refuse-wrong-phase = Not now: the game waits for you to { $expected ->
    [place] place the drawn tile
    [islander] place an islander (or skip it)
    [market] choose the market's ship
    [deliver] deliver to a ship or end the turn
    [pay] choose how to pay the ship
   *[over] nothing: the game is over
}.
ss-refuse = Not allowed: { $why }.
ss-why-over = the game is over
ss-why-placement = the tile can't go { $at }: { $reason }
ss-why-at-spot = at spot **{ $spot }**
ss-why-at-there = there
ss-why-taken = that place already holds a tile
ss-why-no-touch = that place does not touch any tile by an edge
ss-why-no-fit = it does not fit there
ss-why-edge = turned { $deg }°, its { $dir } edge ({ $mine }) would touch a neighbour's { $theirs } edge
ss-edge = { $kind ->
    [sea] sea
    [island] island
   *[bridge] bridge
}
ss-why-no-feature = the tile has no feature { $feature } (it has { $count })
ss-why-occupied = that { $kind ->
    [island] island
    [bridge] bridge
    [sea] sea
   *[market] market
} is already occupied by an islander (counting everything it connects to)
ss-why-no-islander = you have no islander in your supply
ss-why-retrieve-empty = you may retrieve an islander only when your supply is empty (rule: empty-supply)
ss-why-retrieve-now = you may not retrieve an islander now
ss-why-not-there = you have no islander there to take back
ss-why-not-market-choice = that ship is not one of the most valuable ships on display
ss-why-not-on-display = that ship is not on display
ss-why-cannot-pay = you can't pay that ship (it wants { $demand })
ss-why-payment = that payment doesn't fit the ship (it wants { $demand }) or you don't have it
ss-undo-refused-because = That step can't be undone ({ $why }).
ss-undo-refused = That step can't be undone: it revealed a new tile or ship (or ended the turn).
ss-placed-already = The tile is placed already: use the buttons of the newest message.
ss-fits-nowhere-there = The tile fits nowhere at that spot. Pick another one.
ss-no-payment-now = There is no payment to choose now: use the buttons of the newest message.
ss-not-your-turn-computer = It's not your turn: the computer is playing for { $who } right now. I'll ping you when it's yours.
ss-not-your-turn = It's not your turn: waiting for { $who } { $doing ->
    [market] to choose a ship for their market
   *[play] to play
}.
ss-over = The game is over.

## What players type into the step commands (private, in the reader's language)
ss-typed-step-first = { $step ->
    [place] Place your tile first (`/place`).
    [islander] First place an islander on your new tile, or skip it (`/islander`).
    [ship] First choose the ship of your completed market (`/ship`).
    [deliver] Your turn is at its last step: deliver to a ship (`/deliver`) or end it (`/endturn`).
   *[pay] First choose how to pay the ship you deliver to (`/pay`).
}
ss-typed-blank = Pick { $what ->
    [spot] a spot
    [islander] an islander option
    [ship] a ship
   *[payment] a payment
} from the list that appears as you type.
ss-typed-unknown = { $input } isn't one of the choices. Pick { $what ->
    [spot] a spot
    [islander] an islander option
    [ship] a ship
   *[payment] a payment
} from the list that appears as you type.
ss-typed-cannot-pay = You can't pay any ship on display right now: use /endturn
ss-typed-not-at = The tile can't go there. Pick a lettered spot from the list (as on the board image).
ss-typed-no-spot = There is no spot { $spot } for this tile. Pick one from the list (the letters on the board image).
ss-typed-only-turns = At { $spot } the tile fits turned { $turns } only.
ss-typed-which-turn = Say how to turn the tile at { $spot }: { $turns }.
ss-or = { " " }or{ " " }

## /tiles and /ships (private, in the reader's language)
ss-tiles-left = { $n ->
    [0] **No tiles left in the stack.**
    [one] **1 tile still to come.**
   *[other] **{ $n } tiles still to come**, each kind with how many are left.
}{ $discarded }
ss-tiles-discarded = { $n ->
    [0] {""}
    [one] { " " }1 tile was discarded (it fit nowhere).
   *[other] { " " }{ $n } tiles were discarded (they fit nowhere).
}
ss-ships-shown = **Ships on display**
    { $list }
    { $n } more in the stack.

## The words drawn in the pictures (in the game's language)
ss-pic-off-view = Off this view: { $spots }
ss-pic-tile = tile { $tile }
ss-pic-final = Final scores after { $turns } turns
ss-pic-status = Turn { $turn } · { $tile }{ $tiles }, { $ships } left
ss-pic-phase-place = {" "}to place the tile
ss-pic-phase-islander = : islander or not
ss-pic-phase-market = : choose the ship
ss-pic-phase-deliver = : deliver or end turn
ss-pic-phase-pay = : choose how to pay
ss-pic-wins = {" "}wins with { $best }
ss-pic-share = {" "}share the win, { $best }
ss-pic-as = as { $deg }°
ss-pic-nowhere = nowhere
ss-pic-panel-place = { $who } to play: place the drawn tile
ss-pic-panel-islander = { $who }: place an islander, or not
ss-pic-panel-market = { $who }: choose the market's ship
ss-pic-panel-deliver = { $who }: deliver to a ship or end the turn
ss-pic-panel-pay = { $who }: choose how to pay
ss-pic-panel-wins = Game over: { $who } wins with { $best }
ss-pic-panel-share = Game over: { $who } share the win ({ $best })
ss-pic-turn = Turn { $turn }
ss-pic-left = tiles left { $tiles }  ·  ships left { $ships }
ss-pic-drawn = Drawn tile { $tile }
ss-pic-fits-at = fits at { $spots }
ss-pic-spots-show = spots show the turns (° clockwise) that fit
ss-pic-to-play = to play
ss-pic-seat = { $colour } · seat { $seat } · { $empty ->
    [yes] supply empty
   *[no] supply
}
ss-pic-final-score = final score
ss-pic-if-ended = if ended now: { $projected }
ss-pic-no-ships = no ships yet
ss-pic-ships-points = ships = { $points }
ss-pic-any-mix = any mix
ss-pic-all-alike = all alike
ss-pic-alike-plus = alike +{" "}
ss-pic-other = { $n } other
ss-pic-display = Ships on display
ss-pic-face-down = { $n } face down
ss-pic-none-left = none left
ss-pic-pts = pts
ss-pic-legend-bananas = bananas on islands (banana pickers)
ss-pic-legend-shells = shells on bridges (shell collectors)
ss-pic-legend-fish = fish in the sea (fishermen lie down)
ss-pic-legend-boat = fish taken by a fishing boat

## The phone view's words (the turn message's picture: src/games/southseas/render/phone.rs).
ss-phone-legend-last = last tile
ss-phone-legend-since = placed since your last turn
ss-phone-board-inset = Close-up of spots { $spots }
ss-phone-islander-title = Your new tile: each number is a button below
ss-phone-role-island = banana picker
ss-phone-role-bridge = shell collector
ss-phone-role-sea = fisherman
ss-phone-role-market = merchant
ss-phone-take-back = { $numbers }: take back, on the board
ss-phone-ships-title = Ships on display
ss-phone-ships-can-pay = ✓ { $name } can pay now
ss-phone-ships-none-payable = { $name } can pay none now
ss-phone-ships-none = none left
ss-phone-demand-any = { $count } of any
ss-phone-demand-same = { $count } alike
ss-phone-demand-same-other = { $same } alike + { $other }

# /new refused, said to who asked
ss-new-limits = South Seas is for { $lo } to { $hi } players: choose limits in that range, the minimum not above the maximum.

## /stats: South Seas' own figures
ss-figure-ships = Ships delivered
ss-figure-wares = Wares at the end
ss-figure-gathered = Wares gathered
ss-figure-features = Features won
# The feature kind a player completed most over their games ($kinds: one kind, or several tied
# joined by " · "; $tied: yes when several; $count: how many of it, each; $total: of every kind).
ss-favourite-feature = { "  " }• Favourite feature: { $kinds } ({ $count } { $tied ->
        [yes] each of
       *[no] of
    } { $total } completed)
ss-feature-islands = islands
ss-feature-bridges = bridges
ss-feature-seas = seas
ss-feature-markets = markets

## A computers' run: one line per computer turn
ss-run-turn = { $who }: { $what }
ss-run-spot = { $role }, { $kind ->
    [island] { $dir } island
    [bridge] { $dir } bridge
    [sea] { $dir } sea
   *[market] market
}
ss-run-retrieved = took back a { $role }
ss-run-scored = { $boat ->
    [yes] 🚣 fishing boat
   *[no] ✅ { $kind ->
        [island] island
        [bridge] bridge
        [sea] sea
       *[market] market
    }
}: { $gain }
ss-run-market = 🏪 took ship { $ship }
ss-run-delivered = ⛵ { $ship } **+{ $points }**
ss-run-revealed = 🆕 ship { $ship }

## Its lines in /help (private, in the reader's language)
southseas-help = **South Seas**:
    • `/place` — pick a lettered spot and rotation (or use the menu under the board)
    • `/islander` — put an islander on the new tile, take one back, or none
    • `/deliver` / `/pay` — give wares to a ship, or `/endturn`
    • `/ship` — choose your market's ship when asked
