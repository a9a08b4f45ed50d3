# Ce que tous les jeux partagent : les langues, /reglages, les réponses propres à Discord.

## Les langues, chacune nommée dans sa propre langue où qu'elle s'affiche.
language-en = English
language-fr = Français

## /reglages (privé)
settings-saved = ✅ Enregistré.
settings-shown = **Vos réglages**
    • Rappels : { $reminders }
    • Où : { $place }
    • Heures calmes : { $quiet }
    • Langue : { $language }
    • Classements : { $leaderboards }
    Modifiez-les avec `/reglages rappels: … destination: … decalage_utc: … heures_calmes: … langue: … classements: …` (par exemple `decalage_utc: +2 heures_calmes: 22-7`).
settings-on = activés
settings-off = désactivés
settings-where-direct = par message privé
settings-where-channel = dans le salon de la partie
settings-leaderboards-shown = votre nom et votre classement sont affichés
settings-leaderboards-hidden = masqués (vos parties comptent toujours pour le classement des autres)
settings-quiet-hours = { $from }–{ $to } ({ $offset })
settings-quiet-none = aucune (fuseau { $offset })
settings-language-chosen = { $language }
settings-language-discord = { $language } (celle de votre Discord)
settings-bad-offset = Je ne comprends pas ce fuseau horaire. Donnez-le comme un décalage par rapport à UTC : `+2`, `-5` ou `+5:30`.
settings-bad-quiet-hours = Je ne comprends pas ces heures calmes. Donnez-les comme `22-7` ou `22:00-07:30` (votre heure locale), ou `off`.

## /aide (privé)
help = **Comment jouer ici**
    `/nouvelle` ouvre une partie dans ce salon (Mers du Sud ; `jeu: Catan : Marins` et un `scenario` pour l'autre) ; les amis appuient sur **Rejoindre**, puis son auteur sur **Commencer**.
    À votre tour, le bot vous mentionne avec le plateau. { $games }
    Toujours : `/plateau`, `/etat`, `/historique`, `/regles` (Mers du Sud : `/tuiles`, `/bateaux`). Une erreur ? `/annuler` (tant que le hasard n'a rien révélé).
    Plus bas : des parties qui avancent, et après le dernier coup.
# Le second message de /aide (un message tient en 2 000 caractères au plus).
help-more = {"*"}*Des parties qui avancent**
    • Rappels quand votre tour dure : `/reglages` les coupe, les envoie en privé, ou fixe des heures calmes (`decalage_utc: +2 heures_calmes: 22-7`).
    • Délais : chaque tour a un temps limite (24 heures sauf choix à `/nouvelle`) ; ensuite l'ordinateur le joue pour vous (ou prend votre siège).
    • Ordinateur : `/ajouter-ordi [facile|moyen|difficile]` ou **Ajouter l'ordinateur** ; on peut jouer seul.
    • Absence : `/absent [8h]`, puis `/retour` : l'ordinateur joue pour vous entre-temps. `/remplacer` confie un siège à quelqu'un ; `/exclure` vote pour donner à l'ordinateur le siège d'un joueur parti.
    • Fin : `/abandonner` vote pour arrêter une partie ; son auteur ou un modérateur l'arrête aussitôt après confirmation, et peut la mettre en `/pause` puis la `/reprendre`. Un salon d'attente oublié 3 jours se ferme.
    • Langue : `/reglages langue` (la vôtre), `/nouvelle langue` (celle d'une partie).
    • Le lien web d'une partie, là où le bot en donne : `/revoquer-lien` (son auteur ou un modérateur) l'arrête et en crée un autre.

    {"*"}*Après le dernier coup**
    • `/revoir [partie]` : une partie finie de ce salon, pour vous seul : son accéléré, puis ses tours un à un (◀ ▶). **Revanche** sous le plateau final rouvre la même table.
    • `/statistiques [joueur] [jeu]` : parties jouées et gagnées, scores, places, temps par tour, et les chiffres et préférences propres à chaque jeu : le lieu que vous complétez le plus (Mers du Sud), la pièce que vous construisez le plus (Marins).
    • `/classement [jeu]` : cotes Weng-Lin par serveur, chacune affichée quand son incertitude est basse, après quelques parties avec d'autres personnes ; `/reglages classements` vous masque.

## Les jeux et les niveaux de l'ordinateur, par leur nom.
game-southseas = Carcassonne : Mers du Sud
game-seafarers = Catan : Marins
strength-easy = facile
strength-medium = moyen
strength-hard = difficile

## Combien de temps, à peu près (« 8 heures », « 1 jour », « 25 minutes »).
duration-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
duration-hours = { $n ->
    [one] { $n } heure
   *[other] { $n } heures
}
duration-days = { $n ->
    [one] { $n } jour
   *[other] { $n } jours
}

## Le salon d'attente (public, dans la langue de la partie)
lobby-opened = 🏝️ { $name } a ouvert une partie de **{ $game }**.
lobby-rematch = 🔁 { $name } propose une revanche de la partie n° { $number } de **{ $game }** : mêmes options, nouvelle donne. Touchez **Rejoindre** pour prendre votre place.
rematch = Revanche
lobby-joined = { $name } a rejoint la partie.
lobby-left = { $name } est parti.
lobby-closed = Tout le monde est parti : le salon d'attente est fermé. `/nouvelle` en ouvre un autre.
lobby-vote-abandon = 🗳️ { $name } vote pour abandonner la partie ({ $votes } sur { $needed ->
    [one] { $needed } voix nécessaire
   *[other] { $needed } voix nécessaires
} ; `/abandonner` pour voter).
lobby-abandoned = 🛑 La partie a été abandonnée. `/nouvelle` en commence une autre.
lobby-ended-by-moderator = 🛑 La partie a été abandonnée par { $name }, modérateur de ce serveur. `/nouvelle` en commence une autre.
lobby-expired = ⌛ Ce salon d'attente s'est fermé de lui-même : personne ne l'a rejoint, quitté ni lancé depuis { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}. `/nouvelle` en ouvre un autre.
lobby-shown = { $headline }
    {"*"}*Joueurs ({ $seated }/{ $max }) :**
    { $players }
    { $rules } · { $min } à { $max } joueurs · { $limit }.
    Appuyez sur **Rejoindre** pour jouer, **Ajouter l'ordinateur** (ou `/ajouter-ordi`) pour faire asseoir un joueur ordinateur ; celui qui a ouvert la partie appuie sur **Commencer** quand tout le monde est prêt.
lobby-computer-seated = { $name } a fait asseoir un joueur ordinateur : { $computer } ({ $strength }).
lobby-waiting = En attente de joueurs.
lobby-join = Rejoindre
lobby-leave = Quitter
lobby-start = Commencer
lobby-add-computer = Ajouter l'ordinateur
seat-computer = { " " }(ordinateur, { $strength })
seat-replaced = { " " }(remplacé par l'ordinateur)
seat-away = { " " }(absent : l'ordinateur joue)
turn-limit-none = pas de limite de temps par tour
turn-limit = { $duration } par tour, { $then ->
    [replace] puis un joueur ordinateur prend le siège
   *[play] puis l'ordinateur joue ce tour
}

## Les réponses propres à la couche Discord (privées, dans la langue du lecteur)
apology = Désolé, quelque chose s'est mal passé de mon côté. Rien n'a changé ; réessayez dans un instant.
not-posted = C'est fait, mais je n'ai pas pu le publier dans le salon pour l'instant ; il apparaîtra sous peu.
done-see-channel = ✅ C'est fait : voyez le salon.
unreadable-option = Je n'ai pas pu lire { $what } de `/{ $command }` : ce n'est pas une des valeurs que la commande accepte. Choisissez parmi ce que Discord propose pendant la saisie (`/aide` liste les commandes).
unreadable-option-any = l'une des options
new-other-games-option = `{ $option }` est une option de { $other }, pas de { $game } : ajoutez `{ $choice }: { $other }`, ou retirez-la.
missing-permissions = Il me manque { $n ->
    [one] { $n } permission
   *[other] { $n } permissions
} dans ce salon : **{ $names }**. Demandez à un administrateur du serveur de { $n ->
    [one] me l'accorder
   *[other] me les accorder
}, puis réessayez.
permission-view-channel = Voir le salon
permission-send-messages = Envoyer des messages
permission-attach-files = Joindre des fichiers
permission-read-message-history = Voir les anciens messages
permission-send-messages-in-threads = Envoyer des messages dans les fils
permission-create-public-threads = Créer des fils publics

## Une partie dans son propre fil (`/nouvelle fil: True`) : dans la langue de la partie
thread-name = { $game } — la table de { $name }
thread-not-made = Je n'ai pas pu ouvrir de fil pour la partie ici (Discord a répondu : { $why }). Vérifiez que je peux créer des fils publics et envoyer des messages dans les fils ici, ou utilisez `/nouvelle` sans `fil`.
thread-opened = { $name } a ouvert une partie de { $game } dans { $thread } : rejoignez-la là-bas.
forum-post-opened = { $name } a ouvert cette partie de { $game } : sa table est ci-dessous.
thread-locked = Votre partie de { $game } (n° { $id }) dans { $thread } ne peut pas continuer : le fil est verrouillé. Un modérateur peut le déverrouiller, ou y terminer la partie avec `/abandonner`.
thread-gone = Votre partie de { $game } (n° { $id }) ne peut pas continuer : le fil (ou le salon) où elle se jouait a été supprimé. Elle est terminée ; ouvrez-en une nouvelle avec `/nouvelle`.

## Les refus de l'hôte (privés, dans la langue du lecteur)
err-unknown-button = Je ne connais pas ce bouton. Utilisez `/etat` pour voir la partie.
err-unknown-choice = Je ne connais pas ce choix.
err-pick-option = Choisissez l'une des options.
err-gone = Ce bouton appartient à une partie terminée ou fermée. Utilisez le message le plus récent, ou `/etat`.
err-stale = Ce bouton n'est plus à jour : { $moved }
err-no-game = Il n'y a pas de partie dans ce salon. Lancez-en une avec `/nouvelle`.
err-no-running-game = Il n'y a pas de partie en cours dans ce salon. Lancez-en une avec `/nouvelle`.
err-game-vanished = Cette partie n'existe plus.
err-other-channel = Ce bouton appartient à une partie d'un autre salon.
err-game-over = Cette partie est terminée. `/nouvelle` en lance une autre.
err-rematch-not-over = Une revanche se propose une fois la partie terminée.
err-rematch-not-played = Seules les personnes qui ont joué cette partie peuvent en demander la revanche ; `/nouvelle` ouvre une autre partie.
err-rematch-busy = Ce salon a déjà une autre partie ouverte : terminez-la (ou `/abandonner`) avant une revanche, ou ouvrez-en une dans un fil avec `/nouvelle fil:True`.
err-rematch-seated = Vous avez déjà votre place dans la revanche : son créateur la lance avec **Commencer**.
err-game-abandoned = Cette partie a été abandonnée. `/nouvelle` en lance une autre.
err-other-game-step = La partie de ce salon est { $game } : cette action est pour un autre jeu.
err-other-game-command = La partie de ce salon est { $game } : cette commande est pour { $other }.
err-channel-game = La partie de ce salon est { $game }.
err-channel-busy = Une partie est déjà ouverte ici : une partie par salon ou par fil. Utilisez `/etat` pour la voir, ou `/abandonner` pour la terminer d'abord ; pour en jouer une autre tout de suite, utilisez `/nouvelle fil:True` dans un salon : la nouvelle partie y aura un fil à elle.
err-started-watch = La partie a déjà commencé ici. Suivez-la avec `/plateau`, ou lancez-en une nouvelle quand elle sera finie.
err-already-joined = Vous êtes déjà dans cette partie. Attendez le début, ou appuyez sur Quitter.
err-full = La partie est complète ({ $max } joueurs).
err-leave-started = La partie a commencé : vous ne pouvez plus la quitter. Utilisez `/abandonner` pour voter pour y mettre fin.
err-not-in-lobby = Vous n'êtes pas dans cette partie.
err-already-started = La partie a déjà commencé.
err-only-opener = Seul le joueur qui a ouvert la partie peut la commencer.
err-too-few = Il faut au moins { $min } joueurs ; { $joined ->
    [one] { $joined } a rejoint
   *[other] { $joined } ont rejoint
} pour l'instant.
err-only-players-abandon = Seuls les joueurs de cette partie peuvent voter pour l'abandonner (celui qui l'a ouverte et les modérateurs du serveur peuvent y mettre fin tout de suite).
err-not-started = La partie n'a pas encore commencé.
err-not-running = La partie n'est pas en cours.
err-not-playing = Vous ne jouez pas dans cette partie. Vous pouvez la suivre avec `/plateau` et `/etat`.
err-not-playing-short = Vous ne jouez pas dans cette partie.
err-seat-taken-over = Un joueur ordinateur a pris votre place dans cette partie : vous ne pouvez plus la jouer. Vous pouvez la suivre avec `/plateau`.
err-seat-taken-over-short = Un joueur ordinateur a pris votre place dans cette partie.
err-undo-not-running = Il n'y a rien à annuler : la partie n'est pas en cours.
err-undo-nothing = Il n'y a encore rien à annuler.
err-undo-not-yours = Vous ne pouvez annuler que votre propre dernière action, et la dernière action n'était pas la vôtre.
err-no-cards-yet = La partie n'a pas encore commencé : personne n'a de cartes.
err-no-cards-watcher = Vous ne jouez pas dans cette partie, vous n'avez donc pas de cartes. Vous pouvez la suivre avec `/plateau` et `/etat`.
err-hides-nothing = { $game } ne cache rien : tout est sur le plateau (`/plateau`, `/etat`).
err-no-board-yet = La partie n'a pas encore commencé : il n'y a pas de plateau à montrer.
err-history-pages = L'historique a { $n ->
    [one] { $n } page
   *[other] { $n } pages
} : demandez une page de 1 à { $n }.
err-computer-lobby-only = Les joueurs ordinateur s'assoient dans le salon d'attente, avant le début. Dans une partie en cours, `/absent` ou `/exclure` confient une place à l'ordinateur.
err-computer-join-first = Rejoignez d'abord la partie : seuls ses joueurs peuvent y asseoir des joueurs ordinateur.
err-computer-strengths = { $game } a des joueurs ordinateur { $offered } (pas encore de niveau { $strength }).
err-computer-no-room = Il n'y a plus de place pour un autre joueur ordinateur.
err-away-range = Une absence dure d'une minute à 30 jours. Pour plus longtemps, confiez votre place à quelqu'un avec `/remplacer`.
err-not-away = Vous n'êtes pas absent : vous jouez vos propres tours.
err-replace-lobby = Les places se transmettent dans une partie en cours ; dans le salon d'attente, il suffit de `/rejoindre` et de `/quitter`.
err-not-a-player = Cette personne ne joue pas dans cette partie.
err-computer-seat = Cette place est celle d'un joueur ordinateur.
err-newcomer-playing = Le nouveau joueur doit être quelqu'un qui ne joue pas déjà dans cette partie.
err-only-others-replace = Seuls les autres joueurs de cette partie peuvent voter pour transmettre une place.
err-kick-lobby = `/exclure` sert dans une partie en cours ; dans le salon d'attente, seul un joueur peut partir.
err-already-computer = L'ordinateur joue déjà cette place.
err-kick-self = Pour confier vos tours à l'ordinateur, utilisez `/absent` ; pour donner votre place à quelqu'un, `/remplacer`.
err-only-others-kick = Seuls les autres joueurs de cette partie peuvent voter pour exclure quelqu'un.
err-vote-paused = La partie est en pause : les votes sur une place attendent sa reprise (`/reprendre`), où chaque tour repart de zéro.
err-vote-not-waiting = La partie n'attend pas { $target } en ce moment. Un vote pour transmettre sa place s'ouvre une fois qu'il l'a fait attendre { $delay } ({ $limit ->
    [half] la moitié de son temps de tour
   *[none] la partie n'a pas de temps limite par tour
}).
err-vote-too-soon = Il est trop tôt pour voter sur la place de { $target } : le vote s'ouvre { $when }, une fois qu'il a fait attendre la partie { $delay } ({ $limit ->
    [half] la moitié de son temps de tour
   *[none] la partie n'a pas de temps limite par tour
}). Un tour lent n'est pas un joueur parti : un rappel le mentionne en attendant.
err-paused = ⏸️ Cette partie est en pause (par { $name }, { $since }) : rien ne peut être joué avant sa reprise. Celui qui l'a ouverte ou un modérateur du serveur la reprend avec `/reprendre`.
err-already-paused = La partie est déjà en pause (par { $name }, { $since }). `/reprendre` la relance.
err-pause-who = Seul le joueur qui a ouvert cette partie, ou un modérateur du serveur (Gérer les salons ou Gérer les messages), peut la mettre en pause.
err-pause-lobby = Il n'y a pas de partie en cours à mettre en pause ici. Un salon d'attente que personne ne lance se ferme de lui-même après 3 jours ; celui qui l'a ouvert ou un modérateur peut le fermer tout de suite avec `/abandonner`.
err-not-paused = La partie ici n'est pas en pause : il n'y a rien à reprendre.
err-resume-who = Seul le joueur qui a ouvert cette partie, ou un modérateur du serveur, peut la reprendre (mise en pause par { $name }).
err-abandon-confirm-who = Seul le joueur qui a ouvert cette partie, ou un modérateur du serveur, peut y mettre fin tout de suite. `/abandonner` compte plutôt votre vote.
list-and = { " " }et{ " " }

## Regarder la partie (privé, dans la langue du lecteur)
history-empty = Il ne s'est encore rien passé.
history-header = **Historique, page { $page } sur { $pages }** (1 est la plus récente){ $older }
history-older = { " " }· plus ancienne : `/historique page:{ $next }`
history-start = { " " }· le début de la partie
status-computer-plays = L'ordinateur joue : { $seats }
status-paused = ⏸️ En pause par { $name } { $since } : rien n'est joué, rappelé ni chronométré avant `/reprendre` (celui qui l'a ouverte ou un modérateur).
status-abandoned = 🛑 La dernière partie de ce salon (**{ $game }**, partie n° { $id }) a été abandonnée : rien n'est en cours ici. `/nouvelle` en lance une autre.
board-abandoned = 🛑 **{ $game }**, partie n° { $id }, a été abandonnée : le plateau tel qu'il a été laissé.

## Terminer, mettre en pause et reprendre une partie : celui qui l'a ouverte ou un modérateur (la question est privée, dans la langue du lecteur ; le reste public, dans celle de la partie)
abandon-confirm-game = Mettre fin à cette partie de **{ $game }** pour tout le monde ({ $players }) ? C'est sans retour : la partie est finie pour de bon.
abandon-confirm-lobby = Fermer ce salon d'attente de **{ $game }** ({ $players }) ? Le salon est alors libre pour une nouvelle partie.
abandon-confirm-end = Y mettre fin
abandon-confirm-keep = Continuer à jouer
abandon-kept = 👍 Rien n'a changé : la partie continue.
game-paused = ⏸️ { $name } a mis la partie en pause. Rien ne peut être joué, et aucun rappel, délai ni coup de l'ordinateur ne vient, jusqu'à ce que celui qui l'a ouverte ou un modérateur fasse `/reprendre` ; le temps de chaque tour repart alors de zéro.
game-resumed = ▶️ { $name } a repris la partie (en pause depuis { $paused }) : le temps de ce tour repart de zéro.
deadline-line = ⏳ Limite : { $when }.
retired-note = ✔️ Joué : la partie continue dans un message plus récent.
retired-note-abandoned = 🛑 La partie a été abandonnée : elle s'arrête ici, sans autre coup.

## Places et temps (public, dans la langue de la partie ; un rappel par message privé dans celle de son lecteur)
seat-back-header = 👋 { $name } est de retour : l'ordinateur ne joue plus pour lui.
seat-away-notice = 💤 { $name } est absent { $when } : { $what }. `/retour` pour rejouer.
seat-away-for = pour { $duration } (retour { $back })
seat-away-until-back = jusqu'à son retour
seat-away-waits = personne d'autre n'est retenu ici, la partie l'attend donc
seat-away-plays-now = l'ordinateur (moyen) joue ses tours en attendant, à commencer par celui-ci
seat-away-plays = l'ordinateur (moyen) joue ses tours en attendant
seat-back = 👋 { $name } est de retour et joue de nouveau ses propres tours.{ $yours }
seat-your-turn = { " " }C'est votre tour : { $task }.
seat-vote-replace = 🗳️ { $name } vote pour donner la place de { $target } à { $newcomer } ({ $votes } voix sur { $needed } nécessaires ; les autres approuvent avec le même `/remplacer`, ou { $target } peut la céder lui-même).
seat-replaced-self = 🔁 { $target } cède sa place à { $newcomer } : bienvenue, { $newcomer }, vous jouez cette place désormais.{ $turn }
seat-replaced-vote = 🔁 Par vote, la place de { $target } revient à { $newcomer } : bienvenue, { $newcomer }, vous jouez cette place désormais.{ $turn }
seat-vote-kick = 🗳️ { $name } vote pour confier la place de { $target } à un joueur ordinateur ({ $votes } voix sur { $needed } nécessaires ; `/exclure` le même joueur pour approuver).
seat-kicked = 🥾 Par vote, un joueur ordinateur (moyen) prend la place de { $target } pour le reste de la partie.{ $now }
seat-kicked-now = { " " }Il joue son tour maintenant.
reminder = ⏰ **{ $name }**, c'est votre tour depuis { $duration } : { $task }.
reminder-deadline = { " " }Votre temps se termine { $when }.
reminder-direct-head = 🎲 **{ $game }** (partie { $id }) dans { $channel }
reminder-direct-head-server = 🎲 **{ $game }** (partie { $id }) sur **{ $server }**, dans { $channel }
reminder-link = ➡️ Le message du tour, avec ses boutons : { $link }
timeout-replace = ⌛ Le temps de { $name } est écoulé ({ $waited }) : un joueur ordinateur prend sa place pour le reste de la partie.
timeout-play = ⌛ Le temps de { $name } est écoulé ({ $waited }) : l'ordinateur joue à sa place cette fois.

## Une donne que chacun peut vérifier (src/common/deal.rs)
deal-commitment = 🔒 La donne est engagée : `{ $hash }` est le SHA-256 de la graine de cette partie et d'un sel secret, tous deux révélés à la fin de la partie, pour que chacun puisse vérifier que les tuiles et les dés venaient de la graine (`southseas verify`).
deal-reveal = 🔓 La donne révélée : graine `{ $seed }`, sel `{ $salt }`. Le SHA-256 de `{ $seed }:{ $salt }` est l'engagement publié au début ; `southseas verify` rejoue l'historique de la partie (`/historique` le donne en fichier) à partir de cette graine.
deal-none = Cette partie a commencé avant que les donnes soient engagées : elle n'a aucun engagement à vérifier.
history-file = 📎 La partie est finie : le fichier joint est son historique public. Avec la graine et le sel révélés par son dernier message, `southseas verify` vérifie sa donne.

## /stats et /classement (privés ; src/service/stats.rs)
stats-head = 📊 **{ $name }** sur ce serveur
stats-game = **{ $game }** : { $played ->
    [one] { $played } jouée
   *[other] { $played } jouées
}, { $won ->
    [one] { $won } gagnée
   *[other] { $won } gagnées
} · score moyen { $average }, meilleur { $best } · place moyenne { $placement } · { $turn } par tour (médiane)
stats-figure = { "  " }• { $figure } : { $total } ({ $average } par partie)
stats-none = { $name } n'a encore aucune partie terminée sur ce serveur.
stats-hidden = { $name } ne figure pas dans les classements : ses statistiques ne sont visibles que par lui-même.
stats-seconds = { $n } s
leaderboard-head = 🏆 **{ $game }** : classements Weng-Lin de { $games ->
    [one] { $games } partie terminée
   *[other] { $games } parties terminées
} à deux personnes au moins
leaderboard-line = { $rank }. { $name } : **{ $rating }** ± { $uncertainty } ({ $games ->
    [one] { $games } partie
   *[other] { $games } parties
})
leaderboard-computer = 🤖 ordinateur ({ $strength })
leaderboard-unsure = { $n ->
    [0] Personne n'est encore classé avec assez de certitude
    [one] 1 autre joueur n'est pas encore affiché
   *[other] { $n } autres joueurs ne sont pas encore affichés
} : un classement s'affiche quand son incertitude passe sous { $limit }, après quelques parties contre d'autres.
leaderboard-empty = **{ $game }** : aucune partie terminée ici ne compte encore (ni les parties abandonnées, ni celles à moins de deux personnes).

## The game-over picture (the recap): who won, the points over the turns, each game's figures.
recap-wins = { $name } gagne avec { $points } points
recap-share = { $names } se partagent la victoire avec { $points } points
recap-points = Points
recap-turn = Tour

## /revoir : une partie terminée à nouveau (privé, dans la langue du lecteur)
timelapse-after-game = 🎞️ **Partie n° { $id }** du début à la fin ({ $steps ->
    [one] 1 étape
   *[other] { $steps } étapes
}). `/revoir` la parcourt une étape à la fois.
replay-timelapse = 🎞️ **Partie n° { $id }**, le plateau étape par étape ({ $steps ->
    [one] 1 étape
   *[other] { $steps } étapes
}). Les boutons du message suivant la parcourent une étape à la fois.
replay-step = **Partie n° { $id }** · étape { $step } sur { $steps }
replay-opening = Le début : rien n'est encore joué.
err-replay-none = Aucune partie ne s'est encore terminée dans ce salon : `/revoir` montre à nouveau une partie terminée.
err-replay-not-here = La partie n° { $id } ne s'est pas jouée dans ce salon : `/revoir` montre les parties terminées de ce salon.
err-replay-not-finished = La partie n° { $id } n'est pas encore terminée : `/revoir` montre une partie une fois finie (`/historique` raconte une partie en cours).
err-replay-which = `{ $typed }` n'est pas un numéro de partie : choisissez une des suggestions, ou ne mettez rien pour la dernière partie.
