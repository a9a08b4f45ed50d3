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
