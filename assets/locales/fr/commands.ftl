# Les commandes : `cmd-NOM` est le nom d'une commande (`.description`), `cmd-NOM-OPTION` celui
# d'une option (`.description`, `.choice-N` pour son N-ième choix). Les noms français sont sans
# accents ni espaces, pour se taper facilement (Discord les veut en minuscules, 32 caractères
# au plus) ; src/discord/commands/localize.rs lit ce fichier.

cmd-new = nouvelle
    .description = Ouvrir une partie dans ce salon (Carcassonne : Mers du Sud, sauf si vous en choisissez une autre).
cmd-new-game = jeu
    .description = Quel jeu (par défaut : Carcassonne : Mers du Sud)
cmd-new-scenario = scenario
    .description = Catan : Marins : quel scénario (par défaut : Vers de nouveaux rivages)
    .choice-0 = Vers de nouveaux rivages (3-4 joueurs, 13 points)
    .choice-1 = Les quatre îles (3-4 joueurs, 12 points)
    .choice-2 = Le pays des océans : explorez le brouillard (3-4 joueurs, 12 points)
    .choice-3 = À travers le désert (3-4 joueurs, 12 points)
    .choice-4 = Un nouveau monde : îles au hasard (3-4 joueurs, 12 points)
    .choice-5 = Catan sans la mer (3-4 joueurs, 10 points)
cmd-new-pirate = pirate
    .description = Catan : Marins : jouer avec le pirate (par défaut : non)
cmd-new-retrieve = reprise
    .description = Mers du Sud : quand peut-on reprendre un insulaire ? (par défaut : réserve vide)
    .choice-0 = réserve vide : seulement quand il ne vous reste aucun insulaire (règles anglaises)
    .choice-1 = à tout tour : à chaque tour où vous n'en posez pas (règles allemandes, version en ligne)
cmd-new-max_players = joueurs_max
    .description = Nombre maximum de joueurs (2 à 5, 5 par défaut)
cmd-new-min_players = joueurs_min
    .description = Nombre minimum de joueurs pour commencer (2 à 5, 2 par défaut)
cmd-new-turn_limit = temps_par_tour
    .description = Le temps de chaque joueur pour un tour (par défaut : 24 heures)
    .choice-0 = sans limite
    .choice-1 = 1 heure
    .choice-2 = 4 heures
    .choice-3 = 12 heures
    .choice-4 = 24 heures
    .choice-5 = 2 jours
    .choice-6 = 3 jours
    .choice-7 = 7 jours
cmd-new-on_timeout = temps_ecoule
    .description = Quand le temps d'un joueur est écoulé (par défaut : l'ordinateur joue ce tour)
    .choice-0 = l'ordinateur joue ce tour à sa place
    .choice-1 = un joueur ordinateur prend son siège jusqu'à la fin de la partie
cmd-new-language = langue
    .description = La langue des messages et des images de la partie (par défaut : celle du serveur)
    .choice-0 = English
    .choice-1 = Français
cmd-new-thread = fil
    .description = Ouvrir la partie dans son propre fil (dans un salon forum : sa propre publication)

cmd-join = rejoindre
    .description = Rejoindre la partie qui attend des joueurs dans ce salon.

cmd-leave = quitter
    .description = Quitter la partie qui attend des joueurs dans ce salon.

cmd-addbot = ajouter-ordi
    .description = Faire asseoir un joueur ordinateur à la partie qui attend des joueurs ici.
cmd-addbot-strength = niveau
    .description = Son niveau de jeu (par défaut : moyen)
    .choice-0 = facile : joue au hasard, prend ce qui rapporte à coup sûr
    .choice-1 = moyen : joue le meilleur coup qu'il voit
    .choice-2 = difficile : anticipe (réfléchit environ une seconde par coup)

cmd-start = commencer
    .description = Commencer la partie (pour le joueur qui l'a ouverte).

cmd-place = poser
    .description = Poser la tuile piochée : choisissez un emplacement et une orientation (les lettres du plateau).
cmd-place-spot = emplacement
    .description = Emplacement et orientation, par ex. B 90

cmd-islander = insulaire
    .description = Poser un insulaire sur la tuile que vous venez de poser, en reprendre un, ou passer.
cmd-islander-choice = choix
    .description = Où le poser (ou le reprendre / aucun)

cmd-ship = bateau
    .description = Choisir le bateau que vous donne votre marché achevé (quand plusieurs valent le plus).
cmd-ship-choice = choix
    .description = L'un des bateaux de plus grande valeur

cmd-deliver = livrer
    .description = Livrer des marchandises à un bateau exposé (cela termine votre tour).
cmd-deliver-ship = bateau
    .description = Un bateau que vous pouvez payer

cmd-pay = payer
    .description = Choisir comment payer le bateau auquel vous livrez.
cmd-pay-payment = paiement
    .description = Quelles marchandises donner

cmd-endturn = fin-du-tour
    .description = Terminer votre tour sans livrer.

cmd-undo = annuler
    .description = Annuler votre dernière étape (pas une fois que le hasard a révélé quelque chose).

cmd-seafarers = marins
    .description = Jouer une étape de Catan : Marins : construire, lancer les dés, échanger, jouer une carte, finir.
cmd-seafarers-step = etape
    .description = Que faire (la commande propose les étapes possibles pendant que vous tapez)

cmd-abandon = abandonner
    .description = Finir la partie : qui l'a ouverte ou un modérateur après confirmation, les autres par vote.

cmd-pause = pause
    .description = Mettre la partie en pause (qui l'a ouverte ou un modérateur) : rien ne bouge avant /reprendre.

cmd-resume = reprendre
    .description = Reprendre la partie en pause ici (qui l'a ouverte ou un modérateur), avec un temps de tour neuf.

cmd-revoke-link = revoquer-lien
    .description = Couper le lien web de la partie et en faire un nouveau (qui l'a ouverte ou un modérateur).

cmd-away = absent
    .description = Confier vos tours à l'ordinateur pendant votre absence (jusqu'à `/retour`, ou un temps donné).
cmd-away-for = pour
    .description = Pour combien de temps, par ex. 8h, 2d, 1d12h, 30m (par défaut : jusqu'à /retour)

cmd-back = retour
    .description = Jouer de nouveau vos propres tours après `/absent`.

cmd-replace = remplacer
    .description = Confier un siège à une autre personne : le vôtre tout de suite, celui d'un absent par vote.
cmd-replace-player = joueur
    .description = Le siège de qui (vous-même pour confier le vôtre)
cmd-replace-with = par
    .description = Qui le joue désormais

cmd-kick = exclure
    .description = Voter pour confier à l'ordinateur le siège d'un joueur parti (la majorité des autres décide).
cmd-kick-player = joueur
    .description = Le joueur parti

cmd-settings = reglages
    .description = Vos rappels (activés ou non, où, heures calmes dans votre fuseau) et votre langue (privé).
cmd-settings-reminders = rappels
    .description = Me rappeler quand c'est mon tour depuis un moment
cmd-settings-where = destination
    .description = Où les rappels m'atteignent
    .choice-0 = dans le salon de la partie
    .choice-1 = par message privé
cmd-settings-utc_offset = decalage_utc
    .description = Mon fuseau horaire, en décalage par rapport à UTC, par ex. +2, -5, +5:30
cmd-settings-quiet_hours = heures_calmes
    .description = Pas de rappels entre ces heures locales, par ex. 22-7 ou 22:00-07:30, ou off
cmd-settings-language = langue
    .description = La langue de ce que le bot me dit en privé (par défaut : celle de mon Discord)
    .choice-0 = celle de mon Discord
    .choice-1 = English
    .choice-2 = Français
cmd-settings-leaderboards = classements
    .description = M'afficher dans les classements de ce serveur (par défaut : oui)

cmd-board = plateau
    .description = Voir le plateau (à vous seul).

cmd-status = etat
    .description = Marchandises, bateaux, insulaires et points de chaque joueur (à vous seul).

cmd-hand = main
    .description = Vos cartes et ce que vous pouvez en faire (à vous seul).

cmd-tiles = tuiles
    .description = Les tuiles qui restent dans la pile, en image avec leur nombre (à vous seul).

cmd-ships = bateaux
    .description = Les bateaux exposés et combien il en reste (à vous seul).

cmd-history = historique
    .description = Ce qui s'est passé dans la partie, une page à la fois (à vous seul).
cmd-history-page = page
    .description = Quelle page : 1 (par défaut) est la plus récente, 2 les étapes d'avant, etc.

cmd-replay = revoir
    .description = Une partie terminée de ce salon à nouveau : son accéléré, puis étape par étape (à vous seul).
cmd-replay-game = partie
    .description = Quelle partie terminée de ce salon (par défaut : la dernière)

cmd-rules = regles
    .description = Les règles en une minute (à vous seul).

cmd-help = aide
    .description = Comment jouer avec ce bot (à vous seul).

cmd-stats = statistiques
    .description = Parties jouées et gagnées, scores, places, temps par tour (à vous seul).
cmd-stats-player = joueur
    .description = Les statistiques de qui (par défaut : les vôtres)
cmd-stats-game = jeu
    .description = Quel jeu (par défaut : chacun)

cmd-leaderboard = classement
    .description = Les classements de ce serveur, par jeu (à vous seul).
cmd-leaderboard-game = jeu
    .description = Quel jeu (par défaut : chacun)
