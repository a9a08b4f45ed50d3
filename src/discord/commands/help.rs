//! How to play with this bot.

use super::respond_private;
use crate::discord::{Context, Error};
use crate::service::Reply;

pub const HELP: &str = "**How to play here**
`/new` opens a game in this channel; friends press **Join**; the opener presses **Start**.
On your turn the bot pings you with the board. Then:
• `/place` — pick a lettered spot and rotation (or use the menu under the board)
• `/islander` — put an islander on the new tile, take one back, or none (or the buttons)
• `/deliver` / `/pay` — give wares to a ship, or `/endturn`
• `/ship` — choose your market's ship when asked
Anytime: `/board`, `/status`, `/tiles`, `/ships`, `/history`, `/rules`. Made a slip? `/undo` (until a new tile or ship is revealed). `/abandon` ends a game.";

/// How to play with this bot (only to you).
#[poise::command(slash_command)]
pub(crate) async fn help(ctx: Context<'_>) -> Result<(), Error> {
    respond_private(ctx, Ok(Reply { text: HELP.into(), ..Reply::default() })).await
}
