# Catan : Marins (src/games/seafarers/), avec les termes de la règle française (Les Colons de
# Catane : Marins).

## Les scénarios par leur identifiant, et la ligne du salon d'attente sur les options.
seafarers-scenario-new-shores = Vers de nouveaux rivages
seafarers-scenario-four-islands = Les quatre îles
seafarers-scenario-ocean-land = Le pays des océans
seafarers-scenario-through-the-desert = À travers le désert
seafarers-scenario-new-world = Un nouveau monde
seafarers-scenario-base = Catan
seafarers-lobby-rules = Scénario : **{ $scenario }**, le premier à { $target } points gagne{ $pirate ->
    [yes] {"\u00A0"}; avec le pirate
   *[no] {""}
}
seafarers-lobby-rules-unknown = Scénario : ?
