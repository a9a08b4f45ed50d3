# Carcassonne : Mers du Sud (src/games/southseas/), avec les termes de la règle française.

## La ligne du salon d'attente sur les options de la partie.
southseas-lobby-rules = Reprise des insulaires : { $rule ->
    [empty-supply] seulement quand sa réserve est vide
    [any-turn] à tout tour
   *[other] { $rule }
}

## /regles (privé, dans la langue du lecteur)
southseas-rules = **Carcassonne : Mers du Sud en une minute**
    1. **Posez la tuile Mer piochée** de sorte que chaque bord qu'elle partage corresponde (île–île, mer–mer, pont–pont).
    2. **Insulaire :** posez-en un sur l'île (cueilleur de bananes), le pont (ramasseur de coquillages), la mer (pêcheur) ou le marché (marchand) de la nouvelle tuile — seulement si personne n'occupe encore cette zone. Ou reprenez-en un (quand votre réserve est vide, sauf si la partie se joue *à tout tour*), ou passez.
    3. **Évaluation :** une île, un pont ou une mer complétés rapportent 1 banane, 1 coquillage ou 1 poisson par symbole au(x) joueur(s) qui y ont le plus d'insulaires ; un marché complété (8 tuiles autour) donne à son marchand le meilleur bateau exposé. Une nouvelle tuile avec un **bateau de pêche** sur une mer occupée rapporte aussitôt ses poissons, puis en recouvre deux (ou un seul, si aucun n'est voisin d'un autre). Les insulaires des zones évaluées retournent dans leur réserve.
    4. **Livrer :** donnez à un bateau exposé les marchandises qu'il demande pour le garder, ou terminez votre tour.
    {"*"}*Fin :** après la dernière tuile, ou quand il ne reste plus de bateaux. Les îles, ponts et mers inachevés rapportent ; les marchés non. **Score** = valeur des bateaux + 1 point par lot de 3 marchandises restantes.

## Les choses comptées (« 1 tuile », « 3 tuiles ») : $what nomme la chose.
ss-n = { $what ->
    [tile] { $n ->
        [one] { $n } tuile
       *[other] { $n } tuiles
    }
    [ship] { $n ->
        [one] { $n } bateau
       *[other] { $n } bateaux
    }
    [spot] { $n ->
        [one] { $n } emplacement
       *[other] { $n } emplacements
    }
    [islander] { $n ->
        [one] { $n } insulaire
       *[other] { $n } insulaires
    }
    [ware] { $n ->
        [one] { $n } marchandise
       *[other] { $n } marchandises
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
## Le nom d'une marchandise après son nombre (« 3 coquillages ») ; $ware : shells, bananas ou fish.
ss-ship = { $name } ({ $points } : { $demand })
ss-ware = { $ware ->
    [shells] { $n ->
        [one] coquillage
       *[other] coquillages
    }
    [bananas] { $n ->
        [one] banane
       *[other] bananes
    }
   *[fish] { $n ->
        [one] poisson
       *[other] poissons
    }
}
ss-wares-none = rien
ss-no-ware = { $ware ->
    [shells] aucun coquillage dessus
    [bananas] aucune banane dessus
   *[fish] aucun poisson dessus
}
ss-demand-any = { $n } marchandises au choix
ss-demand-same = { $n } d'une même sorte
ss-demand-same-and-other = { $a } d'une sorte + { $b } d'une autre
## Les zones ($kind : island, bridge, sea, market), qui les occupe, où sur une tuile.
ss-role = { $kind ->
    [island] cueilleur de bananes
    [bridge] ramasseur de coquillages
    [sea] pêcheur
   *[market] marchand
}
ss-dir = { $dir ->
    [north] nord
    [north-east] nord-est
    [east] est
    [south-east] sud-est
    [south] sud
    [south-west] sud-ouest
    [west] ouest
    [north-west] nord-ouest
   *[all-around] tout autour
}
ss-colour = { $colour ->
    [red] orange
    [blue] bleu
    [yellow] jaune
    [green] vert
   *[black] noir
}
ss-spot = { $role } { $kind ->
    [island] sur l'île { $dir }
    [bridge] sur le pont { $dir }
    [sea] sur la mer { $dir }
   *[market] sur le marché
} ({ $detail })
ss-spot-at = { $role } { $kind ->
    [island] sur l'île { $dir }
    [bridge] sur le pont { $dir }
    [sea] sur la mer { $dir }
   *[market] sur le marché
}
ss-around = { $filled }/8 autour
ss-turned = , tournée de { $deg }°
ss-list-and = { $first } et { $last }

## Boutons et options de menu d'une étape (80 caractères au plus).
ss-label-retrieve = Reprendre le { $spot }
ss-label-skip = Aucun insulaire
ss-label-deliver = Livrer à { $ship } · { $points } · { $demand }
ss-label-take = Prendre { $ship } · { $points } · { $demand }
ss-label-pay = Payer { $payment }
ss-label-end-turn = Fin du tour
ss-label-place = { $spot } tournée de { $deg }°
ss-label-size = { " " }· { $tiles }
ss-label-choice = { " " }· choix { $k } sur { $n }
ss-show-board = Voir le plateau
ss-undo = Annuler
ss-choose = Choisir
ss-place-menu = Posez la tuile : emplacement et orientation
ss-spot-one-turn = { $spot } · { $deg }° (la seule orientation possible)
ss-spot-turns = { $spot } · { $n } orientations possibles
ss-spots-first = Retour aux premiers emplacements
ss-spots-more = Autres emplacements (page { $next } sur { $pages }) ▶
ss-spots-menu-page = Posez la tuile : choisissez un emplacement (page { $page } sur { $pages })
ss-spots-menu = Posez la tuile : choisissez un emplacement, puis son orientation
ss-other-spots = ◀ Autres emplacements
ss-pay-first = Retour aux premières façons de payer
ss-pay-more = Autres façons de payer (page { $next } sur { $pages }) ▶
ss-pay-menu-page = Choisissez votre paiement (page { $page } sur { $pages })
ss-pay-menu = Choisissez votre paiement

## La narration (publique, dans la langue de la partie)
ss-opening = 🏝️ **La partie commence !** Ordre du tour :
ss-opening-seat = { $k }. { $who } ({ $letter } · { $colour })
ss-tile-placed = { $who } a posé la tuile **{ $tile }**{ $turned }{ $place }.
# Where a tile went, in the history (no picture beside it): "2 north and 1 east" of the start tile.
ss-steps-dir = { $n } { $n ->
    [one] case
   *[other] cases
} { $dir ->
    [north] au nord
    [south] au sud
    [east] à l'est
   *[west] à l'ouest
}
ss-from-start = , { $steps } de la tuile de départ
ss-islander-placed = { $who } a posé un { $spot }.
ss-islander-retrieved = { $who } a repris son { $role } { $kind ->
    [island] d'une île de { $tiles }
    [bridge] d'un pont de { $tiles }
    [sea] d'une mer de { $tiles }
   *[market] d'un marché
}.
ss-gain = { $who } +{ $n } { $icon } { $ware }{ $each ->
    [yes] { " " }chacun
   *[no] {""}
}
ss-fishing-boat = 🚣 Bateau de pêche ! La mer ({ $tiles }) est pêchée : { $gain }.
ss-completed = ✅ { $kind ->
    [island] Île complétée
    [bridge] Pont complété
    [sea] Mer complétée
   *[market] Marché complété
} ({ $tiles }) : { $gain }.
ss-fish-covered = Un bateau de pêche recouvre désormais { $fish ->
    [one] 1 poisson
   *[other] 2 poissons
} { $on ->
    [new] sur la nouvelle tuile
   *[older] sur une tuile plus ancienne de cette mer
}.
ss-islanders-home = ↩️ Insulaires remis en réserve : { $who }.
ss-market-ship = 🏪 Marché complété : { $who } prend le bateau { $ship } sans livrer.
ss-market-no-ship = 🏪 Marché complété, mais aucun bateau n'est exposé : { $who } ne reçoit rien.
ss-delivered = ⛵ { $who } a livré { $payment } au bateau { $ship } : **+{ $points }**.
ss-ship-revealed = 🆕 Nouveau bateau : { $ship }.
ss-tile-discarded = La tuile **{ $tile }** ne peut être posée nulle part et est retirée du jeu.
ss-game-over = **Fin de la partie !** Les îles, ponts et mers inachevés ont rapporté ; le classement final :
ss-shared-win = 🏁 👑 Victoire partagée : { $who }, avec { $points } !
ss-king = 🏁 👑 { $who } est couronné Roi des mers du Sud avec { $points } !
ss-final-row = { $medal } { $who } — **{ $points }** : { $ships } des bateaux, { $warepoints } de { $wares }{ $end }
ss-end-gave = { " " }(la fin a rapporté { $gains })
ss-computer-next = ⏩ { $who } joue ensuite.
ss-undone = ↩️ { $who } a annulé { $step }.

## Une action en mots (après « a annulé », ou « a agi en premier (…) »)
ss-step-tile = la tuile **{ $tile }**{ $spot }{ $turned }
ss-step-some-tile = la tuile{ $spot }{ $turned }
ss-step-spot = { " " }sur l'emplacement **{ $spot }**
ss-step-islander = le { $spot }
ss-step-retrieve = la reprise du { $spot }
ss-step-retrieve-numbered = la reprise de l'insulaire { $number }, le { $spot }
ss-step-skip = le choix de ne poser aucun insulaire
ss-step-choose = le choix du bateau { $ship }
ss-step-deliver = la livraison au bateau { $ship }
ss-step-pay = le paiement de { $payment }
ss-step-end = la fin du tour

## Ce qu'un joueur doit faire (« poser la tuile **K2** (`/poser`) »), dans les rappels et les avis
ss-task-place = poser la tuile **{ $tile }**
ss-task-islander = poser un insulaire ou passer
ss-task-market = choisir un bateau pour le marché de votre marchand
ss-task-deliver = livrer des marchandises à un bateau ou finir votre tour
ss-task-pay = choisir comment payer le bateau { $ship }
ss-task-over = rien : la partie est terminée

## L'invite du tour
# La commande à taper n'est nommée qu'au premier tour ($hint : yes), quand on l'apprend.
ss-prompt-place = ➡️ { $who }, à vous : posez la tuile **{ $tile }** ({ $spots } : { $labels }){ $hint ->
    [yes] {" "}avec `/poser` ou ci-dessous
   *[no] {""}
}.
ss-prompt-islander = ➡️ { $who } : { $retrieve ->
    [yes] posez un insulaire, reprenez-en un, ou passez
   *[no] posez un insulaire ou passez
}{ $hint ->
    [yes] {" "}(`/insulaire`)
   *[no] {""}
}.
ss-prompt-market = ➡️ { $who } : le marché de votre marchand est complété — choisissez l'un des bateaux de plus forte valeur.
ss-prompt-deliver = ➡️ { $who } : livrez des marchandises à un bateau, ou finissez votre tour.
ss-prompt-pay = ➡️ { $who } : choisissez comment payer le bateau { $ship }.

## Le classement et /etat
ss-standings = 📊 { $hint ->
    [yes] Points (si la partie finissait là) :{" "}
   *[no] {""}
}{ $each }
ss-status-head = **Tour { $turn }** · { $tiles } dans la pioche · { $ships } dans la réserve
ss-status-player = { $who } — { $wares } · bateaux : { $ships } · { $islanders } en réserve · **{ $points }** (si elle s'arrêtait maintenant : { $projected }){ $marker }
ss-status-display = Bateaux exposés : { $ships }
ss-status-display-none = aucun
ss-status-over = La partie est terminée.
ss-board-caption = Plateau au tour { $turn }. { $prompt }
ss-moved-you = Vous avez joué depuis ({ $step }).
ss-moved-computer = L'ordinateur
ss-moved-first-step = { $who } a agi en premier ({ $step }).
ss-moved-on = la partie a avancé.

## Les refus (privés, dans la langue du lecteur)
ss-refuse-wrong-phase = Pas maintenant : la partie attend que vous { $expected ->
    [place] posiez la tuile piochée
    [islander] posiez un insulaire (ou passiez)
    [market] choisissiez le bateau du marché
    [deliver] livriez un bateau ou finissiez le tour
    [pay] choisissiez comment payer le bateau
   *[over] ne fassiez rien : la partie est terminée
}.
ss-refuse = Interdit : { $why }.
ss-why-over = la partie est terminée
ss-why-placement = la tuile ne peut pas aller { $at } : { $reason }
ss-why-at-spot = sur l'emplacement **{ $spot }**
ss-why-at-there = là
ss-why-taken = cet endroit porte déjà une tuile
ss-why-no-touch = cet endroit ne touche aucune tuile par un côté
ss-why-no-fit = elle ne s'y pose pas
ss-why-edge = tournée de { $deg }°, son côté { $dir } ({ $mine }) toucherait un côté { $theirs } de sa voisine
ss-edge = { $kind ->
    [sea] mer
    [island] île
   *[bridge] pont
}
ss-why-no-feature = la tuile n'a pas de zone { $feature } (elle en a { $count })
ss-why-occupied = { $kind ->
    [island] cette île est déjà occupée
    [bridge] ce pont est déjà occupé
    [sea] cette mer est déjà occupée
   *[market] ce marché est déjà occupé
} par un insulaire (en comptant tout ce qui y est relié)
ss-why-no-islander = vous n'avez plus d'insulaire en réserve
ss-why-retrieve-empty = vous ne pouvez reprendre un insulaire que lorsque votre réserve est vide (règle : réserve vide)
ss-why-retrieve-now = vous ne pouvez pas reprendre d'insulaire maintenant
ss-why-not-there = vous n'avez pas d'insulaire à reprendre là
ss-why-not-market-choice = ce bateau n'est pas l'un des bateaux exposés de plus forte valeur
ss-why-not-on-display = ce bateau n'est pas exposé
ss-why-cannot-pay = vous ne pouvez pas payer ce bateau (il demande { $demand })
ss-why-payment = ce paiement ne correspond pas au bateau (il demande { $demand }) ou vous ne l'avez pas
ss-undo-refused-because = Cette action ne peut pas être annulée ({ $why }).
ss-undo-refused = Cette action ne peut pas être annulée : elle a révélé une nouvelle tuile ou un nouveau bateau (ou fini le tour).
ss-placed-already = La tuile est déjà posée : utilisez les boutons du message le plus récent.
ss-fits-nowhere-there = La tuile ne se pose nulle part à cet emplacement. Choisissez-en un autre.
ss-no-payment-now = Il n'y a pas de paiement à choisir maintenant : utilisez les boutons du message le plus récent.
ss-not-your-turn-computer = Ce n'est pas votre tour : l'ordinateur joue pour { $who } en ce moment. Je vous mentionnerai quand ce sera le vôtre.
ss-not-your-turn = Ce n'est pas votre tour : la partie attend que { $who } { $doing ->
    [market] choisisse un bateau pour son marché
   *[play] joue
}.
ss-over = La partie est terminée.

## Ce que les joueurs tapent dans les commandes d'étape (privé, dans la langue du lecteur)
ss-typed-step-first = { $step ->
    [place] Posez d'abord votre tuile (`/poser`).
    [islander] Posez d'abord un insulaire sur votre nouvelle tuile, ou passez (`/insulaire`).
    [ship] Choisissez d'abord le bateau de votre marché achevé (`/bateau`).
    [deliver] Votre tour en est à sa dernière étape : livrez un bateau (`/livrer`) ou finissez-le (`/fin-du-tour`).
   *[pay] Choisissez d'abord comment payer le bateau que vous livrez (`/payer`).
}
ss-typed-blank = Choisissez { $what ->
    [spot] un emplacement
    [islander] une option d'insulaire
    [ship] un bateau
   *[payment] un paiement
} dans la liste qui apparaît pendant la saisie.
ss-typed-unknown = { $input } ne fait pas partie des choix. Choisissez { $what ->
    [spot] un emplacement
    [islander] une option d'insulaire
    [ship] un bateau
   *[payment] un paiement
} dans la liste qui apparaît pendant la saisie.
ss-typed-cannot-pay = Vous ne pouvez payer aucun bateau exposé pour l'instant : utilisez /fin-du-tour
ss-typed-not-at = La tuile ne peut pas aller là. Choisissez un emplacement (lettre) dans la liste (comme sur l'image du plateau).
ss-typed-no-spot = Il n'y a pas d'emplacement { $spot } pour cette tuile. Choisissez-en un dans la liste (les lettres de l'image du plateau).
ss-typed-only-turns = En { $spot }, la tuile ne se pose que tournée de { $turns }.
ss-typed-which-turn = Dites comment tourner la tuile en { $spot } : { $turns }.
ss-or = { " " }ou{ " " }

## /tuiles et /bateaux (privé, dans la langue du lecteur)
ss-tiles-left = { $n ->
    [0] **Plus aucune tuile dans la pioche.**
    [one] **Encore 1 tuile à venir.**
   *[other] **Encore { $n } tuiles à venir**, chaque sorte avec le nombre qu'il en reste.
}{ $discarded }
ss-tiles-discarded = { $n ->
    [0] {""}
    [one] { " " }1 tuile a été retirée du jeu (elle ne se posait nulle part).
   *[other] { " " }{ $n } tuiles ont été retirées du jeu (elles ne se posaient nulle part).
}
ss-ships-shown = **Bateaux exposés**
    { $list }
    Encore { $n } dans la pioche.

## Les mots dessinés dans les images (dans la langue de la partie)
ss-pic-off-view = Hors de cette vue : { $spots }
ss-pic-tile = tuile { $tile }
ss-pic-final = Scores finaux après { $turns } tours
ss-pic-status = Tour { $turn } · { $tile }{ $tiles }, { $ships } restants
ss-pic-phase-place = {" "}pose la tuile
ss-pic-phase-islander = {" "}: insulaire ou pas
ss-pic-phase-market = {" "}: choisit le bateau
ss-pic-phase-deliver = {" "}: livre ou finit le tour
ss-pic-phase-pay = {" "}: choisit comment payer
ss-pic-wins = {" "}gagne avec { $best }
ss-pic-share = {" "}se partagent la victoire, { $best }
ss-pic-as = comme { $deg }°
ss-pic-nowhere = nulle part
ss-pic-panel-place = { $who } joue : poser la tuile piochée
ss-pic-panel-islander = { $who } : poser un insulaire, ou pas
ss-pic-panel-market = { $who } : choisir le bateau du marché
ss-pic-panel-deliver = { $who } : livrer un bateau ou finir le tour
ss-pic-panel-pay = { $who } : choisir comment payer
ss-pic-panel-wins = Fin de la partie : { $who } gagne avec { $best }
ss-pic-panel-share = Fin de la partie : { $who } se partagent la victoire ({ $best })
ss-pic-turn = Tour { $turn }
ss-pic-left = tuiles restantes { $tiles }  ·  bateaux restants { $ships }
ss-pic-drawn = Tuile piochée { $tile }
ss-pic-fits-at = se pose sur { $spots }
ss-pic-spots-show = les emplacements montrent les orientations (° horaire) possibles
ss-pic-to-play = joue
ss-pic-seat = { $colour } · place { $seat } · { $empty ->
    [yes] réserve vide
   *[no] réserve
}
ss-pic-final-score = score final
ss-pic-if-ended = si fin maintenant : { $projected }
ss-pic-no-ships = pas encore de bateau
ss-pic-ships-points = bateaux = { $points }
ss-pic-any-mix = au choix
ss-pic-all-alike = identiques
ss-pic-alike-plus = identiques +{" "}
ss-pic-other = { $n } autre
ss-pic-display = Bateaux exposés
ss-pic-face-down = { $n } face cachée
ss-pic-none-left = plus aucun
ss-pic-pts = pts
ss-pic-legend-bananas = bananes sur les îles (cueilleurs de bananes)
ss-pic-legend-shells = coquillages sur les ponts (ramasseurs de coquillages)
ss-pic-legend-fish = poissons en mer (les pêcheurs sont couchés)
ss-pic-legend-boat = poissons pris par un bateau de pêche

## Les mots de la vue téléphone (l'image du message de tour : src/games/southseas/render/phone.rs).
ss-phone-legend-last = dernière tuile
ss-phone-legend-since = posées depuis votre dernier tour
ss-phone-board-inset = Gros plan des emplacements { $spots }
ss-phone-islander-title = Votre nouvelle tuile : chaque numéro est un bouton ci-dessous
ss-phone-role-island = cueilleur de bananes
ss-phone-role-bridge = ramasseur de coquillages
ss-phone-role-sea = pêcheur
ss-phone-role-market = marchand
ss-phone-take-back = { $numbers } : à reprendre, sur le plateau
ss-phone-ships-title = Bateaux visibles
ss-phone-ships-can-pay = ✓ { $name } peut payer maintenant
ss-phone-ships-none-payable = { $name } ne peut en payer aucun
ss-phone-ships-none = plus aucun
ss-phone-demand-any = { $count } au choix
ss-phone-demand-same = { $count } identiques
ss-phone-demand-same-other = { $same } identiques + { $other }

# /new refused, said to who asked
ss-new-limits = Mers du Sud se joue de { $lo } à { $hi } joueurs : choisissez des limites dans cet intervalle, le minimum sans dépasser le maximum.

## /stats : les chiffres propres aux Mers du Sud
ss-figure-ships = Bateaux livrés
ss-figure-wares = Marchandises à la fin
ss-figure-gathered = Marchandises récoltées
ss-figure-features = Lieux remportés
# Le type de lieu qu'un joueur a le plus complété dans ses parties ($kinds : un type, ou plusieurs
# ex aequo joints par « · » ; $tied : yes s'ils sont plusieurs ; $count : combien, chacun ;
# $total : de tous les types).
ss-favourite-feature = { "  " }• Lieu préféré : { $kinds } ({ $count } { $tied ->
        [yes] chacun sur
       *[no] sur
    } { $total } lieux complétés)
ss-feature-islands = îles
ss-feature-bridges = ponts
ss-feature-seas = mers
ss-feature-markets = marchés

## Le tour des ordinateurs : une ligne par tour d'ordinateur
ss-run-turn = { $who } : { $what }
ss-run-spot = { $role }, { $kind ->
    [island] île { $dir }
    [bridge] pont { $dir }
    [sea] mer { $dir }
   *[market] marché
}
ss-run-retrieved = reprend un { $role }
ss-run-scored = { $boat ->
    [yes] 🚣 bateau de pêche
   *[no] ✅ { $kind ->
        [island] île
        [bridge] pont
        [sea] mer
       *[market] marché
    }
} : { $gain }
ss-run-market = 🏪 prend le bateau { $ship }
ss-run-delivered = ⛵ { $ship } **+{ $points }**
ss-run-revealed = 🆕 bateau { $ship }

## Ses lignes dans /aide (privé, dans la langue du lecteur)
southseas-help = **Mers du Sud** :
    • `/poser` — un emplacement (lettre) et une orientation (ou le menu)
    • `/insulaire` — poser un insulaire, en reprendre un, ou aucun
    • `/livrer` / `/payer` — des marchandises à un bateau, ou `/fin-du-tour`
    • `/bateau` — le bateau de votre marché, quand on vous le demande
