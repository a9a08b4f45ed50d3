# Carcassonne: South Seas (src/games/southseas/).

## The lobby's line about the game's options.
southseas-lobby-rules = Retrieve rule: { $rule }

## /rules (private, in the reader's language)
southseas-rules = **Carcassonne: South Seas in one minute**
    1. **Place the drawn tile** so every edge it shares matches (island–island, sea–sea, bridge–bridge).
    2. **Islander:** put one on the new tile's island (banana picker), bridge (shell collector), sea (fisherman) or market (merchant) — only if that feature holds nobody yet. Or take one back (when your supply is empty, unless the game uses *any-turn*), or skip.
    3. **Evaluation:** a completed island/bridge/sea pays 1 banana/shell/fish per symbol to the player(s) with the most islanders there; a completed market (8 tiles around) gives its merchant the best ship on display. A new tile with a **fishing boat** on an occupied sea pays its fish at once, then covers two of them (or one, if no two lie together). Islanders on evaluated features come home.
    4. **Deliver:** pay one ship on display its wares to keep it, or end your turn.
    {"*"}*End:** after the last tile, or when no ships are left. Unfinished islands, bridges and seas pay out; markets don't. **Score** = ship values + 1 point per 3 wares left.

## The phone view's words (the turn message's picture: src/games/southseas/render/phone.rs).
ss-phone-legend-last = last tile
ss-phone-legend-since = placed since your last turn
ss-phone-board-inset = Close-up of spots { $spots }
ss-phone-islander-title = Your new tile: each number is a button below
ss-phone-role-island = banana picker
ss-phone-role-bridge = shell collector
ss-phone-role-sea = fisherman
ss-phone-role-market = merchant
ss-phone-ships-title = Ships on display
ss-phone-ships-can-pay = ✓ { $name } can pay now
ss-phone-ships-none-payable = { $name } can pay none now
ss-phone-ships-none = none left
ss-phone-demand-any = { $count } of any
ss-phone-demand-same = { $count } alike
ss-phone-demand-same-other = { $same } alike + { $other }
