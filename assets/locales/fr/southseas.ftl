# Carcassonne : Mers du Sud (src/games/southseas/), avec les termes de la règle française.

## La ligne du salon d'attente sur les options de la partie.
southseas-lobby-rules = Reprise des insulaires : { $rule ->
    [empty-supply] réserve vide
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

## Les mots de la vue téléphone (l'image du message de tour : src/games/southseas/render/phone.rs).
ss-phone-legend-last = dernière tuile
ss-phone-legend-since = posées depuis votre dernier tour
ss-phone-board-inset = Gros plan des emplacements { $spots }
ss-phone-islander-title = Votre nouvelle tuile : chaque numéro est un bouton ci-dessous
ss-phone-role-island = cueilleur de bananes
ss-phone-role-bridge = ramasseur de coquillages
ss-phone-role-sea = pêcheur
ss-phone-role-market = marchand
ss-phone-ships-title = Bateaux visibles
ss-phone-ships-can-pay = ✓ { $name } peut payer maintenant
ss-phone-ships-none-payable = { $name } ne peut en payer aucun
ss-phone-ships-none = plus aucun
ss-phone-demand-any = { $count } au choix
ss-phone-demand-same = { $count } identiques
ss-phone-demand-same-other = { $same } identiques + { $other }
