# Catan : Marins (src/games/seafarers/), avec les termes de la règle française (Les Colons de
# Catane : Marins).

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

## Les joueurs, les cartes et les lieux en mots. Les pièces d'un joueur : sa lettre et sa couleur.
sf-colour = { $colour ->
    [red] rouge
    [blue] bleu
    [white] blanc
   *[black] noir
}
sf-player-long = { $name } ({ $letter }, { $colour })
# Le nom d'une matière première seul (« minerai »), puis avec un nombre (« 2 argiles »).
sf-resource = { $resource ->
    [brick] argile
    [lumber] bois
    [wool] laine
    [grain] blé
   *[ore] minerai
}
sf-resource-count = { $n } { $resource ->
    [brick] { $n ->
        [one] argile
       *[other] argiles
    }
    [lumber] bois
    [wool] { $n ->
        [one] laine
       *[other] laines
    }
    [grain] { $n ->
        [one] blé
       *[other] blés
    }
   *[ore] { $n ->
        [one] minerai
       *[other] minerais
    }
}
sf-no-cards = aucune carte
sf-card = { $card ->
    [knight] Chevalier
    [victory-point] Point de victoire
    [road-building] Construction de routes
    [year-of-plenty] Invention
   *[monopoly] Monopole
}
sf-hex-unexplored = inexploré
sf-hex-sea = mer
sf-hex-desert = désert
sf-hex-gold = or
sf-open-sea = pleine mer
sf-harbour = { $resource ->
    [any] port 3:1
   *[other] port 2:1 { $name }
}
sf-everyone = tout le monde
sf-and = et
# Les terres d'une colonie et le port qu'elle touche ; une mer par ses terres.
sf-place-harbour = { $place } ; { $harbour }
sf-sea-by = la mer près de { $land }

## La narration (publique, dans la langue de la partie)
sf-gets = { $name } reçoit { $cards }
sf-must-discard = ✋ Doivent défausser la moitié de leurs cartes : { $list }.
sf-harbour-placed = ⚓ { $name } a placé un { $harbour } en { $place }.
sf-settlement-built = 🏠 { $name } a construit une colonie ({ $place }).
sf-city-built = 🏙️ { $name } a construit une ville ({ $place }).
sf-road-built = 🟫 { $name } a construit une route{ $free ->
    [yes] {" "}gratuite
   *[no] {""}
} ({ $place }).
sf-ship-built = ⛵ { $name } a construit un bateau{ $free ->
    [yes] {" "}gratuit
   *[no] {""}
} ({ $place }).
sf-ship-moved = ⛵ { $name } a déplacé un bateau vers { $place }.
sf-setup-cards = 🎁 { $name } reçoit { $cards } pour sa deuxième colonie.
sf-rolled = 🎲 { $name } a lancé les dés : **{ $total }** ({ $a } + { $b }).
sf-bank-short = 🏦 La banque ne peut pas payer tout le monde en { $resource } : personne n'en reçoit.
sf-gold-owed = ✨ { $name } peut prendre { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
} au choix grâce à l'or.
sf-gold-taken = ✨ { $name } a pris { $cards } grâce à l'or.
sf-discarded = ✋ { $name } a défaussé { $cards }.
sf-robber-moved = 🥷 { $name } a déplacé le voleur sur { $place }.
sf-pirate-moved = 🏴‍☠️ { $name } a déplacé le pirate sur { $place }.
sf-stole = 🫳 { $thief } a volé une carte à { $victim }.
sf-stole-nothing = 🫳 { $thief } n'a rien trouvé à voler à { $victim }.
sf-dev-bought = 🃏 { $name } a acheté une carte développement.
sf-dev-played = 🃏 { $name } a joué **{ $card }**.
sf-plenty-taken = 🎁 { $name } a pris { $cards } à la banque.
sf-monopoly-taken = 💰 { $name } a pris aux autres toutes leurs cartes { $resource } : { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
}.
sf-maritime-traded = 🏦 { $name } a échangé { $cards } avec la banque contre { $got }.
sf-offered = 🤝 { $name } propose { $give } contre { $want } à { $to }.
sf-answered = { $name } { $accept ->
    [yes] ✅ accepte
   *[no] ❌ refuse
} l'offre.
sf-countered = ↔️ { $name } fait une contre-offre : { $give } contre { $want }. { $offerer } peut l'accepter.
sf-the-offerer = l'auteur de l'offre
sf-traded = 🤝 { $offerer } a donné { $gave } à { $partner } contre { $got }.
sf-trade-closed = 🤝 L'offre d'échange est close.
sf-longest-route = 🛣️ { $name } a maintenant la route commerciale la plus longue ({ $length }) : 2 points.
sf-longest-route-none = 🛣️ Plus personne n'a la route commerciale la plus longue.
sf-largest-army = ⚔️ { $name } a maintenant la plus grande armée ({ $knights } chevaliers) : 2 points.
sf-chip = 🏅 { $name } reçoit { $n ->
    [one] { $n } point
   *[other] { $n } points
} pour la première colonie sur une nouvelle île.
sf-discovered = 🧭 { $name } a découvert un nouvel hexagone : { $what }.
sf-discovery-card = 🧭 { $name } reçoit { $card } pour la découverte.
sf-setup-done = 🏁 La mise en place est terminée : la partie commence.
sf-game-won = 🏆 **{ $winner }** gagne ! Points finaux : { $standings }.
sf-final-points = { $name } { $n ->
    [one] { $n } point
   *[other] { $n } points
}

## Ce qu'un joueur est seul à lire (un message privé)
sf-private-head = Partie n° { $id } ({ $game }) :
sf-you-stole = 🫳 Vous avez volé { $card } à { $victim }.
sf-stolen-from-you = 🫳 { $thief } vous a volé { $card }.
sf-you-bought-vp = 🃏 Vous avez acheté un **Point de victoire** : il compte pour vous, caché jusqu'à la fin.
sf-you-bought = 🃏 Vous avez acheté une carte **{ $card }** : vous pourrez la jouer à partir de votre prochain tour.

## L'offre d'échange en cours, sur le message du tour
sf-offer-line = 🤝 Offre en cours : { $from } donne { $give } contre { $want } à { $to } — { $answers }
sf-offer-accepts = ✅ accepte
sf-offer-declines = ❌ refuse
sf-offer-counters = ↔️ propose { $give } contre { $want }
sf-offer-no-answer = pas encore de réponse

## Les refus (privés). `sf-rule` et `sf-phase` : les raisons du moteur, par une clé à nous.
sf-refuse-not-yours = Ce n'est pas à vous de décider maintenant.
sf-refuse-wrong-phase = Pas maintenant : la partie attend { $phase ->
    [harbour] le prochain port à placer
    [settlement] une colonie de mise en place
    [route] une route ou un bateau à côté de la colonie qui vient d'être placée
    [roll] le lancer des dés (ou une carte développement avant lui)
    [main] un échange, une construction ou la fin du tour
    [discard] les défausses sur le 7
    [robber] le déplacement du voleur (ou du pirate)
    [gold] le choix des cartes pour l'or
    [road-building] les routes ou bateaux gratuits de Construction de routes
   *[over] rien : la partie est terminée
}.
sf-confirm-cannot-pay = La réponse de { $name } vous demande { $cost }, que vous n'avez pas : prenez une autre réponse, ou retirez votre offre.
sf-refuse-afford = Vous ne pouvez pas payer { $cost }.
sf-refuse-no-piece = Il ne vous reste { $piece ->
    [city] aucune ville
    [road] aucune route
    [settlement] aucune colonie
    [ship] aucun bateau
   *[other] aucune pièce ({ $piece })
}.
sf-refuse-over = La partie est terminée.
sf-refuse-setup = Cette partie ne peut pas être mise en place : { $reason }.
sf-rule = { $rule ->
    [road-building-nothing] Construction de routes ne placerait rien : vous n'avez aucune route ni aucun bateau à placer.
    [no-gifts] Un échange demande au moins une carte dans chaque sens (pas de cadeaux).
    [move-ship-elsewhere] Déplacez le bateau vers une autre arête.
    [deck-empty] La pioche des cartes développement est vide.
    [not-addressed] Cette offre ne vous est pas adressée.
    [pirate-elsewhere] Le pirate doit aller sur un autre hexagone.
    [robber-elsewhere] Le voleur doit aller sur un autre hexagone.
    [robber-on-land] Le voleur va sur un hexagone de terre.
    [pirate-on-sea] Le pirate va sur un hexagone de mer.
    [both-sides] La même matière première ne peut pas être des deux côtés.
    [no-offer] Il n'y a pas d'offre d'échange en cours.
    [no-pirate] Cette partie se joue sans le pirate.
    [no-ships] Ce scénario n'a pas de bateaux.
    [own-terms] Ce sont les termes mêmes de l'offre : acceptez-la plutôt.
    [one-for-another] Échangez une matière première contre une autre.
    [own-offer] Vous ne pouvez pas répondre à votre propre offre.
    [answered] Vous avez déjà répondu à cette offre.
    [one-card-a-turn] Vous avez déjà joué une carte développement ce tour-ci.
    [off-map] Cet endroit n'est pas sur cette carte.
    [no-settlement-there] Vous n'avez pas de colonie à cet endroit à transformer en ville.
   *[other] Ce coup n'est pas permis.
}
sf-rule-place = Cet emplacement { $problem ->
    [already-built] est déjà occupé.
    [no-land] ne touche pas la terre.
    [distance-rule] est voisin d'une colonie ou d'une ville (règle de distance : une intersection libre entre deux bâtiments).
    [outside-setup-area] est hors de la zone de mise en place.
    [not-at-your-route] n'est au bout d'aucune de vos routes ni d'aucun de vos bateaux.
    [route-there] porte déjà une route ou un bateau.
    [road-not-connected] ne touche ni votre route, ni votre colonie, ni votre ville.
    [no-ships-in-scenario] ne prend pas de bateau : ce scénario n'a pas de bateaux.
    [no-sea] ne touche pas la mer.
    [next-to-pirate] est à côté du pirate.
    [ship-not-connected] ne touche ni votre bateau, ni votre colonie, ni votre ville.
    [not-next-to-new-settlement] n'est pas à côté de la colonie que vous venez de placer.
    [must-start-with-ship] ne prend pas de route : une colonie sur une côte face à une autre île commence par un bateau.
    [no-ship-of-yours] ne porte aucun de vos bateaux.
    [ship-already-moved] porte un bateau, mais vous avez déjà déplacé un bateau ce tour-ci.
    [ship-built-this-turn] porte un bateau construit ce tour-ci : il pourra bouger à votre prochain tour.
    [ship-next-to-pirate] porte un bateau à côté du pirate : il ne peut pas bouger.
    [ship-not-at-open-end] porte un bateau qui n'est pas au bout ouvert d'une ligne de bateaux.
    [not-coast] n'est pas une arête de côte.
    [harbour-there] a déjà un port.
    [touches-harbour] touche un autre port.
   *[other] n'est pas permis.
}
sf-rule-no-card = Vous n'avez pas de carte { $card }.
sf-rule-card-too-new = Une carte { $card } achetée ce tour-ci se joue à partir de votre prochain tour.
sf-rule-discard-count = Défaussez exactement { $owed ->
    [one] { $owed } carte
   *[other] { $owed } cartes
}, pas { $given }.
sf-rule-not-held = Vous n'avez pas { $cards }.
sf-rule-gold-count = Choisissez exactement { $owed ->
    [one] { $owed } carte
   *[other] { $owed } cartes
}, pas { $given }.
sf-rule-bank-lacks = La banque n'a pas { $cards }.
sf-rule-name-victim = Nommez le joueur à voler : { $players }.
sf-rule-not-a-victim = { $name } n'a pas de bâtiment à côté de cet hexagone, ou pas de carte à voler.
sf-rule-bank-has-no = La banque n'a plus de { $resource }.
sf-rule-cannot-be-offered = On ne peut pas proposer d'échange à { $name }.
sf-rule-not-accepted = { $name } n'a pas accepté l'offre.
sf-rule-no-longer-holds = { $name } n'a plus { $cards } : l'échange ne peut pas se faire.

## Ce qu'un joueur doit faire maintenant, en quelques mots
sf-task-harbour = placer un port
sf-task-settlement = placer une colonie
sf-task-route = placer une route ou un bateau à côté de votre nouvelle colonie
sf-task-roll = lancer les dés
sf-task-main = construire, échanger ou finir le tour
sf-task-discard = défausser { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
}
sf-task-gold = prendre { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
} grâce à l'or
sf-task-robber-pirate = déplacer le voleur ou le pirate
sf-task-robber = déplacer le voleur
sf-task-road-building = placer { $n ->
    [one] { $n } route ou bateau
   *[other] { $n } routes ou bateaux
} gratuitement
sf-task-over = rien : la partie est terminée

## Une étape en quelques mots : boutons, menus, étapes tapées. `sf-at` et `sf-to` nomment
## l'emplacement comme l'image le marque ; une étape tapée peut omettre ces mots.
sf-at = {" "}en { $spot }
sf-to = {" "}en { $spot }
sf-label-harbour = Port{ $at } ({ $place })
sf-label-settlement = Colonie{ $at } ({ $place })
sf-label-city = Ville{ $at } ({ $place })
sf-label-road = Route{ $at } ({ $place })
sf-label-ship = Bateau{ $at } ({ $place })
sf-label-move-ship = Bateau { $from } → { $to }
sf-label-roll = Lancer les dés
sf-label-discard = Défausser { $cards }
sf-label-robber = Voleur{ $at } ({ $place }{ $steal })
sf-rob = , voler { $name }
sf-rob-nobody = , personne à voler
sf-label-pirate = Pirate{ $at } ({ $steal } ; { $place })
sf-pirate-robs = voler { $names }
sf-pirate-robs-nobody = personne à voler
sf-label-gold = Prendre { $cards }
sf-label-buy = Acheter une carte développement
sf-label-knight = Jouer Chevalier
sf-label-road-building = Jouer Construction de routes
sf-label-plenty-two = Invention : { $cards }
sf-label-plenty = Invention : { $first } et { $second }
sf-label-monopoly = Monopole : { $resource }
sf-label-maritime = Donner { $give } contre { $get }
sf-label-offer = Proposer { $give } contre { $want } à { $to }
sf-label-accept = Accepter l'offre
sf-label-decline = Refuser l'offre
sf-label-counter = Contre-offre : { $give } contre { $want }
sf-label-confirm-counter = Échanger avec { $name } : recevoir { $give } contre { $want }
sf-label-confirm = Échanger avec { $name }
sf-label-withdraw = Retirer l'offre
sf-label-end-turn = Finir le tour

## Le début de la partie, l'état, la légende, l'annulation et les clics périmés
sf-opening = ⛵ **{ $scenario }** commence ! Le premier à **{ $target } points** gagne. Ordre de mise en place :
sf-opening-rule = Chacun place une colonie et une route ou un bateau, puis à nouveau dans l'ordre inverse. Vos cartes restent secrètes : touchez **Ma main** (ou `/main`) pour voir les vôtres.
sf-undo-refused = Cette étape ne peut pas être annulée ({ $why }).
sf-undo-chance = Cette étape ne peut pas être annulée : elle a révélé une part de hasard (dés, carte, hexagone).
sf-undo-trade = Cette étape ne peut pas être annulée : un échange conclu (ou une partie gagnée) est définitif.
sf-undo-turn = Cette étape ne peut pas être annulée : le tour est passé.
sf-undone = ↩️ { $name } a repris : { $step }.
sf-not-your-turn-computer = Ce n'est pas votre tour : l'ordinateur joue pour { $name } en ce moment. Je vous préviendrai quand ce sera le vôtre.
sf-not-your-turn = Ce n'est pas votre tour : on attend { $waiting }.
sf-waiting-for = { $name } (pour { $task })
sf-offer-answered-already = Vous avez déjà répondu à l'offre de { $name }.
sf-offer-for-other = L'offre de { $name } s'adresse seulement à { $to }.
sf-moved-computer = l'ordinateur a joué pour un joueur.
sf-moved-you = vous avez joué depuis.
sf-moved-first = { $name } a joué avant vous.
sf-moved-on = la partie a avancé.
sf-status-head = ⛵ **{ $scenario }** — partie n° { $id }, tour { $turn }
sf-last-roll = 🎲 Dernier lancer : { $total } ({ $a } + { $b })
sf-caption = ⛵ { $scenario } — { $players }
sf-unknown-button = Je ne connais pas ce bouton. Utilisez `/etat` pour voir la partie.

## Le message du tour
sf-prompt-over = La partie est terminée.
sf-prompt-waiting = ⏳ En attente de { $owed }. Touchez **{ $button }** pour choisir vos cartes en privé.
sf-prompt-answer-computer = 🤝 { $who } : { $name } vous propose un échange (ci-dessous) : acceptez, refusez ou faites une contre-offre d'ici { $minutes } minutes.
sf-prompt-computer = ⏩ { $name } joue ensuite.
sf-prompt-setup = 👉 { $name }, à vous : { $task } (les emplacements marqués sur l'image).
sf-prompt-robber-pirate = 👉 { $name }, déplacez le voleur ou le pirate : choisissez un hexagone marqué d'une lettre.
sf-prompt-robber = 👉 { $name }, déplacez le voleur : choisissez un hexagone marqué d'une lettre.
sf-prompt-turn = 👉 { $name }, à vous : { $task }.
sf-standing = { $name } { $points ->
    [one] { $points } pt
   *[other] { $points } pts
}
sf-standing-counts = { $cards ->
    [one] { $cards } carte
   *[other] { $cards } cartes
}{ $dev ->
    [0] {""}
   *[other] {" "}· { $dev } dév.
}
sf-standings = 📊 { $players } (objectif : { $target })
sf-over-head = 🏁 { $name } gagne avec **{ $points } points** (objectif : { $target }) ! Les cartes Point de victoire sont révélées.
sf-over-line = { $rank }. { $name } : **{ $points }** = { $parts }
sf-over-part = { $part ->
    [settlements] { $n ->
        [one] 1 colonie
       *[other] { $n } colonies
    }
    [cities] { $n ->
        [one] 1 ville (2)
       *[other] { $n } villes (2 chacune)
    }
    [route] route commerciale la plus longue (2)
    [army] armée la plus puissante (2)
    [cards] { $n ->
        [one] 1 carte Point de victoire
       *[other] { $n } cartes Point de victoire
    }
   *[chips] { $n ->
        [one] 1 point de victoire spécial
       *[other] { $n } points de victoire spéciaux
    }
}
sf-kind = { $kind ->
    [harbour] Placer un port
    [settlement] Colonie
    [city] Ville
    [road] Route
    [ship] Bateau
    [move-ship] Déplacer un bateau
    [cards] Jouer une carte
    [bank] Commerce maritime
   *[robber] Voleur / pirate
}
sf-kind-free = { $kind ->
    [road] Route gratuite ▸
   *[ship] Bateau gratuit ▸
}
sf-button-hand = Ma main
sf-button-board = Plateau
sf-button-undo = Annuler
sf-button-discard = Défausser…
sf-button-gold = Choisir l'or…
sf-button-roll = 🎲 Lancer les dés
sf-button-play-card = Jouer une carte ▸
sf-button-buy = Acheter une carte
sf-button-bank = Commerce maritime ▸
sf-button-offer = Proposer un échange…
sf-button-accept = Accepter
sf-button-decline = Refuser
sf-button-counter = Contre-offre…
sf-button-withdraw = Retirer
sf-button-end-turn = Finir le tour
sf-button-back = ◀ Retour
sf-menu-next = Suite : page { $page } sur { $pages } ▶
sf-menu-previous = ◀ Page { $page } sur { $pages }
sf-menu-move-robber = Déplacer le voleur
sf-menu-paged = { $words } (page { $page } sur { $pages })
sf-choice-closed = Ce choix n'est pas ouvert maintenant : utilisez les boutons du message le plus récent.
sf-private-menu = { $kind ->
    [road] 🛣️ Construire une route : choisissez un emplacement numéroté de l'image.
    [ship] ⛵ Construire un bateau : choisissez un emplacement numéroté de l'image.
    [settlement] 🏠 Construire une colonie : choisissez un emplacement lettré de l'image.
    [city] 🏙️ Construire une ville : choisissez l'une de vos colonies, lettrées sur l'image.
    [move-ship] ⛵ Déplacer un bateau : choisissez lequel, et où (numérotés sur l'image).
    [cards] 🃏 Jouer une carte développement (une par tour).
   *[bank] 🏦 Commercer avec la banque à vos taux.
} Vous seul voyez ceci. Vos cartes : { $hand }.
sf-cannot-afford = Vous ne pouvez pas payer { $kind ->
    [road] une route
    [ship] un bateau
    [settlement] une colonie
   *[city] une ville
} maintenant (prix : { $cost } ; vous avez : { $hand }). Échangez ce qui vous manque, ou finissez votre tour.
sf-no-playable-card = Vous n'avez aucune carte développement jouable maintenant : une carte achetée ce tour attend votre prochain tour, une seule se joue par tour, et une carte Point de victoire ne se joue jamais (elle compte d'elle-même).
sf-no-bank-trade = Vous avez trop peu d'une même sorte pour commercer avec la banque. Vos cartes : { $hand }. Vos taux : { $rates }.

## Les constructeurs privés : une défausse, un choix d'or, une offre, une contre-offre
sf-nothing-to-discard = Vous n'avez rien à défausser maintenant.
sf-no-gold = Vous n'avez pas d'or à choisir maintenant.
sf-choice-stale = Ce choix ne correspond plus à vos cartes : touchez à nouveau le bouton du message le plus récent.
sf-discard-head = ✋ Défaussez **{ $n }** de vos { $total ->
    [one] { $total } carte
   *[other] { $total } cartes
} ({ $hand }).
sf-gold-head = ✨ Prenez **{ $n ->
    [one] { $n } carte
   *[other] { $n } cartes
}** grâce à l'or.
sf-chosen = Choisi : { $cards }.
sf-tap-more = {" "}Touchez encore { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
}.
sf-confirm-below = {" "}Confirmez ci-dessous.
sf-pick-more = +1 { $resource } (reste { $left })
sf-start-over = Recommencer
sf-offer-own-turn = Vous pouvez proposer un échange pendant votre tour, après avoir lancé les dés.
sf-offer-stale = Cette offre ne correspond plus à vos cartes : touchez à nouveau **Proposer un échange…**.
sf-offer-build = 🤝 Composez votre offre : vous donnez { $give } ; vous demandez { $want }.
    Votre main : { $hand }. Touchez pour la modifier, puis proposez-la à tout le monde ou à un joueur.
sf-offer-everyone = Proposer à tout le monde
sf-offer-to = Proposer à { $name }
sf-counter-answered = Vous avez déjà répondu à cette offre.
sf-counter-own = C'est votre propre offre : les autres peuvent y répondre par une contre-offre.
sf-counter-later = Répondez à l'offre une fois la décision en cours prise.
sf-counter-not-you = Cette offre ne vous est pas adressée.
sf-counter-none = Il n'y a pas d'offre en cours à laquelle répondre.
sf-counter-no-cards = Vous n'avez aucune carte à donner, donc pas de contre-offre possible : refusez-la, ou attendez une autre offre.
sf-counter-build = ↔️ Contre-offre à { $from } (qui propose { $give } contre { $want }) : vous donnez { $mine } ; vous demandez { $theirs }.
    Votre main : { $hand }. Touchez pour la modifier, puis envoyez-la.
sf-counter-same = Ce sont les termes de l'offre : l'accepter
sf-counter-send = Envoyer : { $give } contre { $want }
sf-give-more = Donner +1 { $resource }
sf-want-more = Demander +1 { $resource }
sf-give-less = Donner −1 { $resource }
sf-want-less = Demander −1 { $resource }

## « Ma main » (privé, dans la langue du lecteur)
sf-hand-head = 🂠 **Votre main**, { $player } — partie n° { $id }
sf-hand-cards = Cartes ({ $n }) : { $cards }
sf-hand-dev-card = { $card } ×{ $n }
sf-hand-dev-new = {" "}({ $n ->
    [one] { $n } achetée
   *[other] { $n } achetées
} ce tour-ci)
sf-hand-dev = Cartes développement : { $cards }
sf-hand-none = aucune
sf-hand-points = Points : { $points }{ $hidden } sur { $target }
sf-hand-hidden = {" "}(dont { $n } en cartes Point de victoire, cachés)
sf-hand-afford = Vous pouvez payer : { $what }
sf-hand-nothing-yet = rien pour l'instant
sf-piece = { $piece ->
    [road] une route
    [ship] un bateau
    [settlement] une colonie
    [city] une ville
   *[dev] une carte développement
}
sf-hand-rates = Taux avec la banque : { $rates }
sf-hand-pieces = Pièces restantes : { $settlements ->
    [one] { $settlements } colonie
   *[other] { $settlements } colonies
} · { $cities ->
    [one] { $cities } ville
   *[other] { $cities } villes
} · { $roads ->
    [one] { $roads } route
   *[other] { $roads } routes
} · { $ships ->
    [one] { $ships } bateau
   *[other] { $ships } bateaux
}
sf-hand-now = Maintenant : { $task }.

## Les étapes tapées (`/marins etape:`)
sf-typed-empty = Tapez une étape, ou choisissez une suggestion : par exemple `lancer`, `colonie B`, `route 4`, `finir le tour`.
sf-typed-unknown = `{ $typed }` n'est pas une de vos étapes maintenant : vous pouvez { $task }. Choisissez parmi les suggestions pendant que vous tapez.
sf-typed-ambiguous = `{ $typed }` peut désigner { $n } étapes ({ $some }) : ajoutez la lettre ou le numéro de l'emplacement, comme sur l'image.
sf-typed-trade = Écrivez un échange ainsi : `propose 2 argile contre 1 minerai` (ajoutez `à` et un nom pour un seul joueur) ou `contre-offre 1 minerai contre 2 laine`.

## Ouvrir une partie (`/nouvelle jeu: Catan : Marins`)
sf-new-no-scenario = Il n'y a pas de scénario `{ $scenario }` : choisissez parmi { $ids }.
sf-new-limits = { $scenario } se joue de { $lo } à { $hi } joueurs : choisissez des limites dans cet intervalle, le minimum sans dépasser le maximum.
sf-new-no-pirate = { $scenario } n'a pas de pirate : jouez-le sans l'option du pirate.

## Les mots des images (dans la langue de la partie)
# The header: who acts and what they must do (`sf-task-…`).
sf-pic-task = { $name } : { $task }
sf-pic-several = { $what ->
    [discard] À défausser
   *[gold] À prendre pour l'or
} : { $list }
sf-pic-owes = { $name } { $n }
sf-pic-over = { $name } gagne
sf-pic-setup = Mise en place
sf-pic-turn = Tour { $turn }
sf-pic-target = {" "}· en { $target } points
sf-pic-rolled = dés
sf-pic-points = { $n } PV
sf-pic-longest = Plus longue route
sf-pic-largest = Plus grande armée
sf-pic-cards = { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
}
sf-pic-dev = { $n } dév.
sf-pic-knights = { $n ->
    [one] { $n } chevalier
   *[other] { $n } chevaliers
}
sf-pic-route = route { $n }
sf-pic-left = reste
sf-pic-harbour = { $resource ->
    [brick] argile
    [lumber] bois
    [wool] laine
    [grain] blé
    [ore] min.
   *[any] tout
}

## /regles dans le salon d'une partie de Catane : Marins (privé, dans la langue du lecteur)
sf-rules = **Catane : Marins en une minute**
    1. **Mise en place :** chacun place une colonie et une route ou un bateau, deux fois (la seconde dans l'ordre inverse) ; la deuxième colonie rapporte une carte de chaque terrain qui la touche.
    2. **Lancer les dés :** chaque terrain portant le nombre obtenu rapporte sa matière première à chaque colonie voisine (2 à une ville) ; l'or rapporte une carte au choix. Sur un **7**, qui a plus de 7 cartes en défausse la moitié, puis le joueur actif déplace le voleur (ou le pirate) et vole une carte à un voisin.
    3. **Construire et échanger :** route (argile + bois), bateau (bois + laine), colonie (argile + bois + laine + blé), ville (2 blés + 3 minerais), carte développement (laine + blé + minerai). Commerce maritime à 4:1, 3:1 ou 2:1 avec un port, ou proposez un échange aux autres.
    4. **Les bateaux** partent de vos colonies le long de la mer ; le dernier bateau d'une ligne ouverte peut être déplacé une fois par tour. La première colonie sur une nouvelle île rapporte un bonus.
    {"*"}*Points :** colonie 1, ville 2, route commerciale la plus longue (5 routes et bateaux ou plus) 2, plus grande armée (3 chevaliers ou plus) 2, cartes Point de victoire 1. Le premier à atteindre l'objectif du scénario pendant son tour gagne.

## Zones : une étape avec plus d'emplacements qu'une seule image de téléphone n'en montre lisiblement.
sf-prompt-zones = 👉 { $name }, à vous : { $task }. L'image marque { $zones } zones : touchez le bouton d'une zone pour voir ses emplacements de près, avec leurs lettres, et choisissez-en un.
# Après le premier tour, les joueurs connaissent les zones : la forme courte.
sf-prompt-zones-short = 👉 { $name }, à vous : { $task } — choisissez l'une des { $zones } zones, puis un emplacement.
sf-button-zone = Zone { $zone } · { $first }–{ $last }
sf-button-zone-previous = ◀ Zone { $zone }
sf-button-zone-next = Zone { $zone } ▶
sf-zone-yours = Zone { $zone } sur { $zones } : emplacements { $first } à { $last }, avec leurs lettres sur l'image. Choisissez-en un dans le menu, ou regardez une autre zone.
sf-zone-theirs = Zone { $zone } sur { $zones } : emplacements { $first } à { $last }, avec leurs lettres sur l'image. C'est { $name } qui choisit ; vous ne faites que regarder.

## /stats : les chiffres propres à Marins
sf-figure-cities = Villes à la fin
sf-figure-knights = Chevaliers joués
sf-figure-produced = Production : { $resource }
sf-figure-traded = Cartes échangées
sf-figure-route = Plus longue route
sf-figure-vp-cards = Cartes PV
# La pièce qu'un joueur a le plus construite dans ses parties (mise en place et gratuites
# comprises ; $kinds : une pièce, ou plusieurs ex aequo joints par « · » ; $tied : yes s'ils
# sont plusieurs ; $count : combien, chacune ; $total : de toutes les pièces).
sf-favourite-piece = { "  " }• Le plus construit : { $kinds } ({ $count } { $tied ->
        [yes] chacun sur
       *[no] sur
    } { $total } constructions)
sf-piece-roads = routes
sf-piece-ships = bateaux
sf-piece-settlements = colonies
sf-piece-cities = villes
sf-recap-note = Les cartes point de victoire comptent dès leur achat ; la fin les révèle.

## Le tour des ordinateurs : une ligne par tour d'ordinateur
sf-run-turn = { $name } : { $what }

# Ses parties, tirées des étapes de l'ordinateur (`text::run_parts`) : des signes pour les
# cartes et les lieux, l'image montre le reste.
sf-run-rolled = 🎲 **{ $total }**{ $any ->
    [yes] {" "}: { $gains }
   *[no] {""}
}
sf-run-computers-got = 🤖 { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
}
sf-run-road = 🟫 route
sf-run-ship = ⛵ bateau
sf-run-ship-moved = ⛵ bateau déplacé
sf-run-bank-short = 🏦 pas de { $resource } pour personne
sf-run-pirate = { $any ->
    [yes] près de { $land }
   *[no] en pleine mer
}
sf-run-stole = { $any ->
    [yes] vole { $victim }
   *[no] rien à voler à { $victim }
}
sf-run-bought = achète une carte
sf-run-monopoly = monopole { $resource } ({ $n })
sf-run-offered = propose { $give } contre { $want } à { $to }
sf-run-countered = contre-propose { $give } contre { $want }
sf-run-longest = route la plus longue ({ $length })
sf-run-longest-none = 🛣️ plus personne n'a la route la plus longue
sf-run-largest = plus grande armée ({ $knights })
sf-run-points = {" "}→ **{ $n ->
    [one] { $n } pt
   *[other] { $n } pts
}**

## Ses lignes dans /aide (privé, dans la langue du lecteur)
sf-help = **Marins** : les boutons, ou tapez n'importe quelle étape avec `/marins` (avec suggestions). Défausses et or se choisissent en privé (**Défausser…**) ; **Ma main** ou `/main` montre vos cartes, à vous seul.
