//! `southseas history` and `southseas verify`: a game's public history written from the
//! database, and a deal checked from that file alone (see `crate::common::deal`). The command
//! line speaks English, as the other tools do.

use crate::common::deal::PublicHistory;
use crate::games::verify_deal;
use crate::service::Service;
use anyhow::{Context, Result};
use std::path::Path;

/// The public history of game `id` in the database at `url`, as a file's text.
pub async fn history(url: &str, id: i64) -> Result<String> {
    let service = Service::open(url).await?;
    let history = service.public_history(id).await.map_err(anyhow::Error::new)?;
    service.store().close().await;
    Ok(history.to_text())
}

/// Checks the history in `file` against the revealed seed and salt and the commitment
/// published at the start (None: the one the file names). Returns whether the deal is honest,
/// and the report.
pub fn verify(file: &Path, seed: u64, salt: &str, commitment: Option<&str>) -> Result<(bool, String)> {
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let history = PublicHistory::parse(&text).map_err(anyhow::Error::msg).with_context(|| format!("{}", file.display()))?;
    let verdict = verify_deal(&history, seed, salt, commitment).map_err(anyhow::Error::msg)?;
    let mut report = format!("Game {} ({}, {} players)\n", history.game, history.kind, history.players.len());
    match (&verdict.commitment, verdict.hash_matches) {
        (None, _) => report.push_str(
            "Commitment: none. This game published no commitment (it began before deals were committed): \
             only the deal itself can be checked.\n",
        ),
        (Some(c), Some(true)) => report.push_str(&format!("Commitment: {c}\n  matches SHA-256 of `{seed}:{}`.\n", salt.trim())),
        (Some(c), _) => report.push_str(&format!(
            "Commitment: {c}\n  DOES NOT MATCH: SHA-256 of `{seed}:{}` is {}.\n",
            salt.trim(),
            crate::common::deal::commitment(seed, salt.trim())
        )),
    }
    match &verdict.mismatch {
        None => report.push_str(&format!(
            "Deal: all {} steps replayed from the seed; the {} tiles, ships, dice and other chance outcomes the history shows are exactly the seed's.\n",
            verdict.steps, verdict.outcomes
        )),
        Some(why) => report.push_str(&format!(
            "Deal: DIFFERS ({} steps agreed, {} outcomes matched first).\n  First difference: {why}\n",
            verdict.steps, verdict.outcomes
        )),
    }
    report.push_str(if verdict.honest() { "VERIFIED\n" } else { "NOT VERIFIED\n" });
    Ok((verdict.honest(), report))
}
