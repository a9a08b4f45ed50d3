# Catan: Seafarers (src/games/seafarers/).

## The scenarios by their ruleset id, and the lobby's line about the game's options.
seafarers-scenario-new-shores = Heading for New Shores
seafarers-scenario-four-islands = The Four Islands
seafarers-scenario-ocean-land = Ocean Land
seafarers-scenario-through-the-desert = Through the Desert
seafarers-scenario-new-world = A New World
seafarers-scenario-base = Catan
seafarers-lobby-rules = Scenario: **{ $scenario }**, first to { $target } points{ $pirate ->
    [yes] ; with the pirate
   *[no] {""}
}
seafarers-lobby-rules-unknown = Scenario: ?

## Players, cards and places in words. A player's pieces: their letter and colour.
sf-colour = { $colour ->
    [red] red
    [blue] blue
    [white] white
   *[black] black
}
sf-player-long = { $name } ({ $letter }, { $colour })
# A resource's name alone ("ore"), and with a count ("2 brick"): French adds its plurals.
sf-resource = { $resource ->
    [brick] brick
    [lumber] lumber
    [wool] wool
    [grain] grain
   *[ore] ore
}
sf-resource-count = { $n } { $resource ->
    [brick] brick
    [lumber] lumber
    [wool] wool
    [grain] grain
   *[ore] ore
}
sf-no-cards = no cards
sf-card = { $card ->
    [knight] Knight
    [victory-point] Victory Point
    [road-building] Road Building
    [year-of-plenty] Year of Plenty
   *[monopoly] Monopoly
}
sf-hex-unexplored = unexplored
sf-hex-sea = sea
sf-hex-desert = desert
sf-hex-gold = gold
sf-open-sea = open sea
sf-harbour = { $resource ->
    [any] 3:1 harbour
   *[other] 2:1 { $name } harbour
}
sf-everyone = everyone
sf-and = and
# A settlement's land and the harbour it touches; a sea hex by its land.
sf-place-harbour = { $place }; { $harbour }
sf-sea-by = the sea by { $land }

## Narration (public, in the game's language)
sf-gets = { $name } gets { $cards }
sf-must-discard = ✋ Must discard half their cards: { $list }.
sf-harbour-placed = ⚓ { $name } placed a { $harbour } at { $place }.
sf-settlement-built = 🏠 { $name } built a settlement by { $place }.
sf-city-built = 🏙️ { $name } built a city by { $place }.
sf-road-built = 🟫 { $name } built a road{ $free ->
    [yes] {" "}for free
   *[no] {""}
} ({ $place }).
sf-ship-built = ⛵ { $name } built a ship{ $free ->
    [yes] {" "}for free
   *[no] {""}
} ({ $place }).
sf-ship-moved = ⛵ { $name } moved a ship to { $place }.
sf-setup-cards = 🎁 { $name } takes { $cards } for their second settlement.
sf-rolled = 🎲 { $name } rolled **{ $total }** ({ $a } + { $b }).
sf-bank-short = 🏦 The bank can't pay everyone their { $resource }: nobody gets any.
sf-gold-owed = ✨ { $name } may take { $n ->
    [one] { $n } card
   *[other] { $n } cards
} of their choice for gold.
sf-gold-taken = ✨ { $name } took { $cards } for gold.
sf-discarded = ✋ { $name } discarded { $cards }.
sf-robber-moved = 🥷 { $name } moved the robber to { $place }.
sf-pirate-moved = 🏴‍☠️ { $name } moved the pirate to { $place }.
sf-stole = 🫳 { $thief } stole a card from { $victim }.
sf-stole-nothing = 🫳 { $thief } found nothing to steal from { $victim }.
sf-dev-bought = 🃏 { $name } bought a development card.
sf-dev-played = 🃏 { $name } played **{ $card }**.
sf-plenty-taken = 🎁 { $name } took { $cards } from the bank.
sf-monopoly-taken = 💰 { $name } took every { $resource } from the others: { $n ->
    [one] { $n } card
   *[other] { $n } cards
}.
sf-maritime-traded = 🏦 { $name } traded { $cards } with the bank for { $got }.
sf-offered = 🤝 { $name } offers { $give } for { $want } to { $to }.
sf-answered = { $name } { $accept ->
    [yes] ✅ accepts
   *[no] ❌ declines
} the offer.
sf-countered = ↔️ { $name } counters: { $give } for { $want }. { $offerer } may take it.
sf-the-offerer = the offerer
sf-traded = 🤝 { $offerer } gave { $gave } to { $partner } for { $got }.
sf-trade-closed = 🤝 The trade offer is closed.
sf-longest-route = 🛣️ { $name } now has the longest trade route ({ $length }): 2 points.
sf-longest-route-none = 🛣️ Nobody holds the longest trade route now.
sf-largest-army = ⚔️ { $name } now has the largest army ({ $knights } knights): 2 points.
sf-chip = 🏅 { $name } gets { $n ->
    [one] { $n } point
   *[other] { $n } points
} for the first settlement on a new island.
sf-discovered = 🧭 { $name } discovered { $what }.
sf-discovery-card = 🧭 { $name } gets { $card } for the discovery.
sf-setup-done = 🏁 Setup is done: the game begins.
sf-game-won = 🏆 **{ $winner }** wins! Final points: { $standings }.
sf-final-points = { $name } { $n ->
    [one] { $n } point
   *[other] { $n } points
}

## What one player alone is told (a direct message)
sf-private-head = Game #{ $id } ({ $game }):
sf-you-stole = 🫳 You stole { $card } from { $victim }.
sf-stolen-from-you = 🫳 { $thief } stole { $card } from you.
sf-you-bought-vp = 🃏 You bought a **Victory Point**: it counts for you, hidden until the end.
sf-you-bought = 🃏 You bought a **{ $card }**: you can play it from your next turn.

## The open trade offer, on the turn message
sf-offer-line = 🤝 Open offer: { $from } gives { $give } for { $want } to { $to } — { $answers }
sf-offer-accepts = ✅ accepts
sf-offer-declines = ❌ declines
sf-offer-counters = ↔️ counters { $give } for { $want }
sf-offer-no-answer = no answer yet

## Refusals (private). `sf-rule` and `sf-phase` are the engine's reasons, by a key of ours;
## an engine's reason we have no key for is given as it is.
sf-refuse-not-yours = That isn't yours to decide now.
sf-refuse-wrong-phase = Not now: the game waits for { $phase ->
    [harbour] the next harbour to be placed
    [settlement] a setup settlement
    [route] a road or ship next to the settlement just placed
    [roll] the roll (or a development card before it)
    [main] trading, building or the end of the turn
    [discard] the discards on the seven
    [robber] the robber (or pirate) to move
    [gold] the gold choices
    [road-building] the free roads or ships of Road Building
   *[over] nothing: the game is over
}.
sf-confirm-cannot-pay = { $name }'s answer asks you for { $cost }, which you don't hold: take another answer, or withdraw your offer.
sf-refuse-afford = You can't pay { $cost }.
sf-refuse-no-piece = You have no { $piece ->
    [city] city
    [road] road
    [settlement] settlement
    [ship] ship
   *[other] { $piece }
} left.
sf-refuse-over = The game is over.
sf-refuse-setup = This game cannot be set up: { $reason }.
sf-rule = { $rule ->
    [road-building-nothing] Road Building would place nothing: you have no road or ship that could be placed.
    [no-gifts] A trade needs at least one card each way (no gifts).
    [move-ship-elsewhere] Move the ship to another edge.
    [deck-empty] The development deck is empty.
    [not-addressed] The offer is not addressed to you.
    [pirate-elsewhere] The pirate must move to another hex.
    [robber-elsewhere] The robber must move to another hex.
    [robber-on-land] The robber goes on a land hex.
    [pirate-on-sea] The pirate goes on a sea hex.
    [both-sides] The same resource can't be on both sides.
    [no-offer] There is no open trade offer.
    [no-pirate] This game is played without the pirate.
    [no-ships] This scenario has no ships.
    [own-terms] Those are the offer's own terms: accept it instead.
    [one-for-another] Trade one resource for another.
    [own-offer] You can't answer your own offer.
    [answered] You have already answered this offer.
    [one-card-a-turn] You have already played a development card this turn.
    [off-map] That place is not on this map.
    [no-settlement-there] You have no settlement there to turn into a city.
   *[other] This move is not allowed.
}
sf-rule-place = That spot { $problem ->
    [already-built] is already built on.
    [no-land] does not touch land.
    [distance-rule] is next to a settlement or city (the distance rule: leave an intersection free between two buildings).
    [outside-setup-area] is outside the setup area.
    [not-at-your-route] is not at the end of one of your roads or ships.
    [route-there] already holds a road or ship.
    [road-not-connected] does not connect to your road, settlement or city.
    [no-ships-in-scenario] takes no ship: this scenario has no ships.
    [no-sea] does not touch the sea.
    [next-to-pirate] is next to the pirate.
    [ship-not-connected] does not connect to your ship, settlement or city.
    [not-next-to-new-settlement] is not next to the settlement you just placed.
    [must-start-with-ship] takes no road: a settlement on a coast facing another island starts with a ship.
    [no-ship-of-yours] holds no ship of yours.
    [ship-already-moved] holds a ship, but you have already moved a ship this turn.
    [ship-built-this-turn] holds a ship built this turn: it can move from your next turn.
    [ship-next-to-pirate] holds a ship next to the pirate: it cannot move.
    [ship-not-at-open-end] holds a ship that is not at an open end of a ship line.
    [not-coast] is not a coast edge.
    [harbour-there] already has a harbour.
    [touches-harbour] touches another harbour.
   *[other] is not allowed.
}
sf-rule-no-card = You have no { $card } card.
sf-rule-card-too-new = A { $card } card bought this turn can be played from your next turn.
sf-rule-discard-count = Discard exactly { $owed ->
    [one] { $owed } card
   *[other] { $owed } cards
}, not { $given }.
sf-rule-not-held = You don't hold { $cards }.
sf-rule-gold-count = Choose exactly { $owed ->
    [one] { $owed } card
   *[other] { $owed } cards
}, not { $given }.
sf-rule-bank-lacks = The bank doesn't hold { $cards }.
sf-rule-name-victim = Name a player to steal from: { $players }.
sf-rule-not-a-victim = { $name } has no building next to that hex, or no card to steal.
sf-rule-bank-has-no = The bank has no { $resource } left.
sf-rule-cannot-be-offered = { $name } can't be offered a trade.
sf-rule-not-accepted = { $name } has not accepted the offer.
sf-rule-no-longer-holds = { $name } no longer holds { $cards }: the trade cannot be made.

## What a player must do now, in a few words
sf-task-harbour = place a harbour
sf-task-settlement = place a settlement
sf-task-route = place a road or ship by your new settlement
sf-task-roll = roll the dice
sf-task-main = build, trade or end the turn
sf-task-discard = discard { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
sf-task-gold = take { $n ->
    [one] { $n } card
   *[other] { $n } cards
} for gold
sf-task-robber-pirate = move the robber or the pirate
sf-task-robber = move the robber
sf-task-road-building = place { $n ->
    [one] { $n } road or ship
   *[other] { $n } road or ships
} for free
sf-task-over = nothing: the game is over

## A step in a few words: buttons, menus, typed commands. `sf-at` and `sf-to` name the
## spot as the picture letters it; typed steps may leave these words out.
sf-at = {" "}at { $spot }
sf-to = {" "}to { $spot }
sf-label-harbour = Harbour{ $at } ({ $place })
sf-label-settlement = Settlement{ $at } ({ $place })
sf-label-city = City{ $at } ({ $place })
sf-label-road = Road{ $at } ({ $place })
sf-label-ship = Ship{ $at } ({ $place })
sf-label-move-ship = Ship { $from } → { $to }
sf-label-roll = Roll the dice
sf-label-discard = Discard { $cards }
sf-label-robber = Robber{ $at } ({ $place }{ $steal })
sf-rob = , rob { $name }
sf-rob-nobody = , nobody to rob
sf-label-pirate = Pirate{ $at } ({ $steal }; { $place })
sf-pirate-robs = rob { $names }
sf-pirate-robs-nobody = nobody to rob
sf-label-gold = Take { $cards }
sf-label-buy = Buy a development card
sf-label-knight = Play Knight
sf-label-road-building = Play Road Building
sf-label-plenty-two = Year of Plenty: { $cards }
sf-label-plenty = Year of Plenty: { $first } and { $second }
sf-label-monopoly = Monopoly on { $resource }
sf-label-maritime = Give { $give } for { $get }
sf-label-offer = Offer { $give } for { $want } to { $to }
sf-label-accept = Accept the offer
sf-label-decline = Decline the offer
sf-label-counter = Counter: { $give } for { $want }
sf-label-confirm-counter = Trade with { $name }: get { $give } for { $want }
sf-label-confirm = Trade with { $name }
sf-label-withdraw = Withdraw the offer
sf-label-end-turn = End turn

## The game's start, status, caption, undo and stale clicks
sf-opening = ⛵ **{ $scenario }** begins! First to **{ $target } points** wins. Setup order:
sf-opening-rule = Each player places a settlement and a road or ship, then again in reverse order. Your cards stay private: tap **My hand** (or `/hand`) to see yours.
sf-undo-refused = That step can't be undone ({ $why }).
sf-undo-chance = That step can't be undone: it revealed something left to chance (dice, a card, a hex).
sf-undo-trade = That step can't be undone: a trade made (or a game won) stands.
sf-undo-turn = That step can't be undone: the turn has passed.
sf-undone = ↩️ { $name } took back: { $step }.
sf-not-your-turn-computer = It's not your turn: the computer is playing for { $name } right now. I'll ping you when it's yours.
sf-not-your-turn = It's not your turn: waiting for { $waiting }.
sf-waiting-for = { $name } to { $task }
sf-offer-answered-already = You have already answered { $name }'s offer.
sf-offer-for-other = { $name }'s offer is for { $to } alone.
sf-moved-computer = the computer moved for a player.
sf-moved-you = you have taken a step since.
sf-moved-first = { $name } moved first.
sf-moved-on = the game moved on.
sf-status-head = ⛵ **{ $scenario }** — game #{ $id }, turn { $turn }
sf-last-roll = 🎲 Last roll: { $total } ({ $a } + { $b })
sf-caption = ⛵ { $scenario } — { $players }
sf-unknown-button = That button isn't one I know. Use `/status` to see the game.

## The turn message
sf-prompt-over = The game is over.
sf-prompt-waiting = ⏳ Waiting for { $owed }. Tap **{ $button }** to choose your cards privately.
sf-prompt-answer-computer = 🤝 { $who }: { $name } offers you a trade (below): accept, decline or counter within { $minutes } minutes.
sf-prompt-computer = ⏩ { $name } plays next.
sf-prompt-setup = 👉 { $name }, your turn: { $task } (the lettered spots on the picture).
sf-prompt-robber-pirate = 👉 { $name }, move the robber or the pirate: pick a lettered hex.
sf-prompt-robber = 👉 { $name }, move the robber: pick a lettered hex.
sf-prompt-turn = 👉 { $name }, your turn: { $task }.
sf-standing = { $name } { $points ->
    [one] { $points } pt
   *[other] { $points } pts
}
sf-standing-counts = { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}{ $dev ->
    [0] {""}
   *[other] {" "}· { $dev } dev
}
sf-standings = 📊 { $players } (goal: { $target })
sf-over-head = 🏁 { $name } wins with **{ $points } points** (goal: { $target })! Victory point cards are revealed.
sf-over-line = { $rank }. { $name }: **{ $points }** = { $parts }
sf-over-part = { $part ->
    [settlements] { $n ->
        [one] 1 settlement
       *[other] { $n } settlements
    }
    [cities] { $n ->
        [one] 1 city (2)
       *[other] { $n } cities (2 each)
    }
    [route] longest trade route (2)
    [army] largest army (2)
    [cards] { $n ->
        [one] 1 victory point card
       *[other] { $n } victory point cards
    }
   *[chips] { $n ->
        [one] 1 special victory point
       *[other] { $n } special victory points
    }
}
sf-kind = { $kind ->
    [harbour] Place a harbour
    [settlement] Settlement
    [city] City
    [road] Road
    [ship] Ship
    [move-ship] Move a ship
    [cards] Play a card
    [bank] Trade with the bank
   *[robber] Robber / pirate
}
sf-kind-free = { $kind ->
    [road] Road (free) ▸
   *[ship] Ship (free) ▸
}
sf-button-hand = My hand
sf-button-board = Board
sf-button-undo = Undo
sf-button-discard = Discard…
sf-button-gold = Choose gold…
sf-button-roll = 🎲 Roll
sf-button-play-card = Play a card ▸
sf-button-buy = Buy a card
sf-button-bank = Bank trade ▸
sf-button-offer = Offer a trade…
sf-button-accept = Accept
sf-button-decline = Decline
sf-button-counter = Counter…
sf-button-withdraw = Withdraw
sf-button-end-turn = End turn
sf-button-back = ◀ Back
sf-menu-next = More: page { $page } of { $pages } ▶
sf-menu-previous = ◀ Page { $page } of { $pages }
sf-menu-move-robber = Move the robber
sf-menu-paged = { $words } (page { $page } of { $pages })
sf-choice-closed = That choice isn't open now: use the buttons of the newest message.
sf-private-menu = { $kind ->
    [road] 🛣️ Build a road: pick a numbered spot of the picture.
    [ship] ⛵ Build a ship: pick a numbered spot of the picture.
    [settlement] 🏠 Build a settlement: pick a lettered spot of the picture.
    [city] 🏙️ Build a city: pick one of your settlements, lettered on the picture.
    [move-ship] ⛵ Move a ship: pick which, and where to (numbered on the picture).
    [cards] 🃏 Play a development card (one a turn).
   *[bank] 🏦 Trade with the bank at your rates.
} Only you see this. Your cards: { $hand }.
sf-cannot-afford = You can't pay for { $kind ->
    [road] a road
    [ship] a ship
    [settlement] a settlement
   *[city] a city
} now: it costs { $cost }, and you hold { $hand }. Trade for what you lack, or end your turn.
sf-no-playable-card = You hold no development card you can play now: one bought this turn waits for your next turn, only one is played a turn, and a Victory Point card is never played (it counts by itself).
sf-no-bank-trade = You hold too few of any one kind to trade with the bank. Your cards: { $hand }. Your rates: { $rates }.

## The private builders: a discard, a gold choice, a trade offer, a counter-offer
sf-nothing-to-discard = You have nothing to discard now.
sf-no-gold = You have no gold to choose now.
sf-choice-stale = That choice doesn't fit your cards any more: tap the newest message's button again.
sf-discard-head = ✋ Discard **{ $n }** of your { $total ->
    [one] { $total } card
   *[other] { $total } cards
} ({ $hand }).
sf-gold-head = ✨ Take **{ $n ->
    [one] { $n } card
   *[other] { $n } cards
}** for gold.
sf-chosen = Chosen: { $cards }.
sf-tap-more = {" "}Tap { $n ->
    [one] { $n } card
   *[other] { $n } cards
} more.
sf-confirm-below = {" "}Confirm below.
sf-pick-more = +1 { $resource } ({ $left } left)
sf-start-over = Start over
sf-offer-own-turn = You can offer a trade on your own turn, after rolling.
sf-offer-stale = That offer doesn't fit your cards any more: tap **Offer a trade…** again.
sf-offer-build = 🤝 Build your offer: you give { $give }; you want { $want }.
    Your hand: { $hand }. Tap to change it; then offer it to everyone or one player.
sf-offer-everyone = Offer to everyone
sf-offer-to = Offer to { $name }
sf-counter-answered = You have already answered this offer.
sf-counter-own = That is your own offer: the others may counter it.
sf-counter-later = Answer the offer once the game's current decision is made.
sf-counter-not-you = This offer isn't addressed to you.
sf-counter-none = There is no open offer to counter now.
sf-counter-no-cards = You have no cards to give, so you can't counter: decline it, or wait for another offer.
sf-counter-build = ↔️ Counter { $from }'s offer ({ $give } for { $want }): you give { $mine }; you want { $theirs }.
    Your hand: { $hand }. Tap to change it; then send it.
sf-counter-same = Those are the offer's terms: accept it
sf-counter-send = Send counter: { $give } for { $want }
sf-give-more = Give +1 { $resource }
sf-want-more = Want +1 { $resource }
sf-give-less = Give −1 { $resource }
sf-want-less = Want −1 { $resource }

## "My hand" (private, in the reader's language)
sf-hand-head = 🂠 **Your hand**, { $player } — game #{ $id }
sf-hand-cards = Cards ({ $n }): { $cards }
sf-hand-dev-card = { $card } ×{ $n }
sf-hand-dev-new = {" "}({ $n } bought this turn)
sf-hand-dev = Development cards: { $cards }
sf-hand-none = none
sf-hand-points = Points: { $points }{ $hidden } of { $target }
sf-hand-hidden = {" "}({ $n } hidden in Victory Point cards)
sf-hand-afford = You can pay for: { $what }
sf-hand-nothing-yet = nothing yet
sf-piece = { $piece ->
    [road] road
    [ship] ship
    [settlement] settlement
    [city] city
   *[dev] development card
}
sf-hand-rates = Bank rates: { $rates }
sf-hand-pieces = Pieces left: { $settlements ->
    [one] { $settlements } settlement
   *[other] { $settlements } settlements
} · { $cities ->
    [one] { $cities } city
   *[other] { $cities } cities
} · { $roads ->
    [one] { $roads } road
   *[other] { $roads } roads
} · { $ships ->
    [one] { $ships } ship
   *[other] { $ships } ships
}
sf-hand-now = Now: { $task }.

## Typed steps (`/seafarers step:`)
sf-typed-empty = Type a step, or pick one of the suggestions: for example `roll`, `settlement B`, `road 4`, `end turn`.
sf-typed-unknown = `{ $typed }` isn't one of your steps now: you can { $task }. Pick from the suggestions as you type.
sf-typed-ambiguous = `{ $typed }` could be { $n } steps ({ $some }): add the spot's letter or number, as on the picture.
sf-typed-trade = Write a trade as `offer 2 brick for 1 ore` (add `to` and a name for one player) or `counter 1 ore for 2 wool`.

## Opening a game (`/new game: Catan: Seafarers`)
sf-new-no-scenario = There is no scenario `{ $scenario }`: choose one of { $ids }.
sf-new-limits = { $scenario } is for { $lo } to { $hi } players: choose limits in that range, the minimum not above the maximum.
sf-new-no-pirate = { $scenario } has no pirate: play it without the pirate option.

## The words of the pictures (in the game's language)
# The header: who acts and what they must do (`sf-task-…`).
sf-pic-task = { $name }: { $task }
sf-pic-several = { $what ->
    [discard] To discard
   *[gold] To take for gold
}: { $list }
sf-pic-owes = { $name } { $n }
sf-pic-over = Game over: { $name } wins
sf-pic-setup = Setup
sf-pic-turn = Turn { $turn }
sf-pic-target = {" "}· { $target } points win
sf-pic-rolled = rolled
sf-pic-points = { $n } VP
sf-pic-longest = Longest route
sf-pic-largest = Largest army
sf-pic-cards = { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
sf-pic-dev = { $n } dev
sf-pic-knights = { $n ->
    [one] { $n } knight
   *[other] { $n } knights
}
sf-pic-route = route { $n }
sf-pic-left = left
sf-pic-harbour = { $resource ->
    [brick] brick
    [lumber] wood
    [wool] wool
    [grain] grain
    [ore] ore
   *[any] any
}

## /rules in a Seafarers game's channel (private, in the reader's language)
sf-rules = **Catan: Seafarers in one minute**
    1. **Setup:** each player places a settlement and a road or ship, twice (the second time in reverse order); the second settlement gives one card of each land around it.
    2. **Roll:** every land with the number rolled gives its resource to each settlement beside it (2 to a city); gold gives a card of your choice. On a **7**, whoever holds more than 7 cards discards half, then the roller moves the robber (or the pirate) and steals a card from a neighbour.
    3. **Build and trade:** road (brick + lumber), ship (lumber + wool), settlement (brick + lumber + wool + grain), city (2 grain + 3 ore), development card (wool + grain + ore). Trade with the bank at 4:1, 3:1 or 2:1 with a harbour, or offer a trade to the others.
    4. **Ships** sail from your settlements along the sea; the last ship of an open line may move once a turn. The first settlement on a new island earns a bonus.
    {"*"}*Points:** settlement 1, city 2, longest trade route (5+ roads and ships) 2, largest army (3+ knights) 2, victory point cards 1. The first to the scenario's target on their turn wins.

## Zones: a step with more spots than one phone picture can letter legibly.
sf-prompt-zones = 👉 { $name }, your turn: { $task }. The picture marks { $zones } zones: tap a zone's button to see its spots up close, lettered, and pick one there.
# After the first round, players know the zones: the short form.
sf-prompt-zones-short = 👉 { $name }, your turn: { $task } — pick one of the { $zones } zones, then a spot.
sf-button-zone = Zone { $zone } · { $first }–{ $last }
sf-button-zone-previous = ◀ Zone { $zone }
sf-button-zone-next = Zone { $zone } ▶
sf-zone-yours = Zone { $zone } of { $zones }: spots { $first }–{ $last }, lettered on the picture. Pick one in the menu, or look at another zone.
sf-zone-theirs = Zone { $zone } of { $zones }: spots { $first }–{ $last }, lettered on the picture. { $name } chooses; you are only looking.

## /stats: Seafarers' own figures
sf-figure-cities = Cities at the end
sf-figure-knights = Knights played
sf-figure-produced = Production: { $resource }
sf-figure-traded = Cards traded away
sf-figure-route = Longest route
sf-figure-vp-cards = VP cards
# The piece a player built most over their games (setup and free ones too; $kinds: one piece,
# or several tied joined by " · "; $tied: yes when several; $count: how many of it, each;
# $total: pieces of every kind).
sf-favourite-piece = { "  " }• Most built: { $kinds } ({ $count } { $tied ->
        [yes] each of
       *[no] of
    } { $total } pieces)
sf-piece-roads = roads
sf-piece-ships = ships
sf-piece-settlements = settlements
sf-piece-cities = cities
sf-recap-note = Victory point cards count from when they were bought; the end reveals them.

## A computers' run: one line per computer turn
sf-run-turn = { $name }: { $what }

# Its parts, from the computer's steps (`text::run_parts`): signs for cards and places, the
# picture shows the rest.
sf-run-rolled = 🎲 **{ $total }**{ $any ->
    [yes] : { $gains }
   *[no] {""}
}
sf-run-computers-got = 🤖 { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
sf-run-road = 🟫 road
sf-run-ship = ⛵ ship
sf-run-ship-moved = ⛵ ship moved
sf-run-bank-short = 🏦 no { $resource } for anyone
sf-run-pirate = { $any ->
    [yes] by { $land }
   *[no] open sea
}
sf-run-stole = { $any ->
    [yes] robs { $victim }
   *[no] { $victim } had nothing
}
sf-run-bought = bought a card
sf-run-monopoly = monopoly { $resource } ({ $n })
sf-run-offered = offers { $give } for { $want } to { $to }
sf-run-countered = counters { $give } for { $want }
sf-run-longest = longest route ({ $length })
sf-run-longest-none = 🛣️ nobody has the longest route
sf-run-largest = largest army ({ $knights })
sf-run-points = {" "}→ **{ $n ->
    [one] { $n } pt
   *[other] { $n } pts
}**

## Its lines in /help (private, in the reader's language)
sf-help = **Seafarers**: tap the buttons (Roll, build menus of lettered spots, trades, End turn), or type any step with `/seafarers` (`road 4`, `settlement B`, `offer 2 brick for 1 ore`: it suggests as you type). Discards and gold are chosen privately (**Discard…**); **My hand** or `/hand` shows your cards to you alone.
