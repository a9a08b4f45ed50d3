//! How to play with this bot.

use super::respond_private;
use crate::discord::types::{Context, Error};
use crate::service::Reply;

pub const HELP: &str = "**How to play here**
`/new` opens a game in this channel (Carcassonne: South Seas; `game: Catan: Seafarers` with a `scenario` for the other); friends press **Join**; the opener presses **Start**.
On your turn the bot pings you with the board. **South Seas**:
• `/place` — pick a lettered spot and rotation (or use the menu under the board)
• `/islander` — put an islander on the new tile, take one back, or none (or the buttons)
• `/deliver` / `/pay` — give wares to a ship, or `/endturn`
• `/ship` — choose your market's ship when asked
**Seafarers**: tap the buttons (Roll, build menus of lettered spots, Bank trade, Offer a trade…, End turn; Accept, Decline or Counter… an offer), or type any step with `/seafarers` (`road 4`, `settlement B`, `end turn`, `offer 2 brick for 1 ore`, `counter 1 ore for 2 wool`: it suggests as you type). Discards and gold are chosen privately (**Discard…**); **My hand** or `/hand` shows your cards to you alone.
Anytime: `/board`, `/status`, `/history`, `/rules` (South Seas: `/tiles`, `/ships`). Made a slip? `/undo` (until something left to chance is revealed). `/abandon` ends a game.

**Games that keep moving**
• Reminders: the bot pings you when it has been your turn for a while (never in your quiet hours). `/settings` turns them off, sends them by direct message, or sets quiet hours (`utc_offset: +2 quiet_hours: 22-7`).
• Deadlines: each turn has a time limit (chosen at `/new`, 24 hours unless set); when it runs out, the computer plays that turn for you (or takes your seat, if the game was opened so).
• Computer players: `/addbot [easy|medium|hard]` or **Add computer** in the lobby; you can play alone against them.
• Away: `/away [8h]` lets the computer play your turns; `/back` when you return. `/replace` hands a seat to someone else; `/kick` votes a gone player's seat to the computer.";

/// How to play with this bot (only to you).
#[poise::command(slash_command)]
pub(crate) async fn help(ctx: Context<'_>) -> Result<(), Error> {
    respond_private(ctx, Ok(Reply { text: HELP.into(), ..Reply::default() })).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_fits_one_message_and_names_every_async_command() {
        assert!(HELP.chars().count() <= crate::service::reply::MAX_CONTENT_CHARS);
        for command in
            ["/settings", "/addbot", "/away", "/back", "/replace", "/kick", "Add computer", "quiet", "/seafarers", "/hand", "Seafarers"]
        {
            assert!(HELP.contains(command), "{command}");
        }
    }
}
