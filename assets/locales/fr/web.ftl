# La vue web d'une partie (src/web) : sa page, et ce que le bot dit de son lien.

## Dans le salon : la dernière ligne d'un message de tour et de /plateau, quand le bot a une adresse publique.
web-link = 🔭 Tout le plateau, son historique, en direct : <{ $url }>

## /revoquer-lien (qui a ouvert la partie ou un modérateur, en privé)
web-revoked = 🔒 L'ancien lien web de la partie ne marche plus. Le nouveau sera dans le prochain message de tour.
web-revoked-new = 🔒 L'ancien lien web de la partie ne marche plus. Le nouveau : <{ $url }>
err-web-revoke-who = Seul le joueur qui a ouvert cette partie, ou un modérateur du serveur (Gérer les salons ou Gérer les messages), peut révoquer son lien web.

## La page
web-title = { $game } · partie { $id }
web-live = en direct
web-reconnecting = reconnexion…
web-too-many = Trop de monde regarde cette partie : la page ne se met plus à jour d'elle-même. Rechargez-la plus tard.
web-board = Plateau
web-board-alt = Tout le plateau après l'étape { $step }
web-zoom-in = Agrandir
web-zoom-out = Réduire
web-zoom-fit = Tout le plateau
web-history = Historique
web-previous = Étape précédente
web-next = Étape suivante
web-latest = Maintenant
web-step = Étape { $step } sur { $steps }
web-step-start = Le début, avant la première étape ({ $steps } étapes jusqu'ici)
web-step-none = Rien de ce que la table voit ne s'est passé à cette étape.
web-standings = Classement
web-not-started = La partie n'a pas encore commencé : son plateau apparaîtra quand elle démarrera.
web-not-found = Rien ici.
