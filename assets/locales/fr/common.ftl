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
    Modifiez-les avec `/reglages rappels: … destination: … decalage_utc: … heures_calmes: … langue: …` (par exemple `decalage_utc: +2 heures_calmes: 22-7`).
settings-on = activés
settings-off = désactivés
settings-where-direct = par message privé
settings-where-channel = dans le salon de la partie
settings-quiet-hours = { $from }–{ $to } ({ $offset })
settings-quiet-none = aucune (fuseau { $offset })
settings-language-chosen = { $language }
settings-language-discord = { $language } (celle de votre Discord)
settings-bad-offset = Je ne comprends pas ce fuseau horaire. Donnez-le comme un décalage par rapport à UTC : `+2`, `-5` ou `+5:30`.
settings-bad-quiet-hours = Je ne comprends pas ces heures calmes. Donnez-les comme `22-7` ou `22:00-07:30` (votre heure locale), ou `off`.

## /aide (privé)
help = **Comment jouer ici**
    `/nouvelle` ouvre une partie dans ce salon (Mers du Sud ; `jeu: Catan : Marins` et un `scenario` pour l'autre) ; les amis appuient sur **Rejoindre**, puis son auteur sur **Commencer**.
    À votre tour, le bot vous mentionne avec le plateau. **Mers du Sud** :
    • `/poser` — un emplacement (lettre) et une orientation (ou le menu)
    • `/insulaire` — poser un insulaire sur la nouvelle tuile, en reprendre un, ou aucun (ou les boutons)
    • `/livrer` / `/payer` — des marchandises à un bateau, ou `/fin-du-tour`
    • `/bateau` — le bateau de votre marché, quand on vous le demande
    {"*"}*Marins** : les boutons (Lancer les dés, menus de construction par lettres, Commerce avec la banque, Proposer un échange…, Fin du tour), ou tapez n'importe quelle étape avec `/marins` (elle propose pendant que vous tapez). Défausses et or se choisissent en privé (**Défausser…**) ; **Ma main** ou `/main` montre vos cartes, à vous seul.
    À tout moment : `/plateau`, `/etat`, `/historique`, `/regles` (Mers du Sud : `/tuiles`, `/bateaux`). Une erreur ? `/annuler` (tant que le hasard n'a rien révélé). `/abandonner` met fin à une partie.

    {"*"}*Des parties qui avancent**
    • Rappels : le bot vous mentionne quand votre tour dure (jamais pendant vos heures calmes). `/reglages` les coupe, les envoie en privé, ou fixe des heures calmes (`decalage_utc: +2 heures_calmes: 22-7`).
    • Délais : chaque tour a un temps limite (choisi à `/nouvelle`, 24 heures par défaut) ; ensuite l'ordinateur joue ce tour pour vous (ou prend votre siège, selon la partie).
    • Ordinateur : `/ajouter-ordi [facile|moyen|difficile]` ou **Ajouter l'ordinateur** avant le début ; on peut jouer seul contre lui.
    • Absence : `/absent [8h]` laisse l'ordinateur jouer pour vous ; `/retour` au retour. `/remplacer` confie un siège à quelqu'un d'autre ; `/exclure` vote pour donner à l'ordinateur le siège d'un joueur parti.
    • Langue : `/reglages langue` choisit votre langue pour les réponses privées ; `/nouvelle langue` celle d'une partie.

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
lobby-joined = { $name } a rejoint la partie.
lobby-left = { $name } est parti.
lobby-closed = Tout le monde est parti : le salon d'attente est fermé. `/nouvelle` en ouvre un autre.
lobby-vote-abandon = 🗳️ { $name } vote pour abandonner la partie ({ $votes } sur { $needed ->
    [one] { $needed } voix nécessaire
   *[other] { $needed } voix nécessaires
} ; `/abandonner` pour voter).
lobby-abandoned = 🛑 La partie a été abandonnée. `/nouvelle` en commence une autre.
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
