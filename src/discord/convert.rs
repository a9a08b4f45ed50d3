//! Service replies → Discord messages.

use crate::service::reply::{MAX_CONTENT_CHARS, truncate};
use crate::service::{Reply, Style};
use poise::serenity_prelude as serenity;

pub const APOLOGY: &str = "Sorry, something went wrong on my side. Nothing was changed; please try again in a moment.";

/// The message text, within Discord's limit whatever the service wrote.
fn content(reply: &Reply) -> String {
    match reply.mention {
        // The mention goes last, after the prompt that says what to do.
        Some(user) => {
            let mention = format!(" <@{user}>");
            format!("{}{mention}", truncate(&reply.text, MAX_CONTENT_CHARS - mention.chars().count()))
        }
        None => truncate(&reply.text, MAX_CONTENT_CHARS),
    }
}

/// A private answer (an error, a refusal), within Discord's limit.
pub fn private_text(text: &str) -> String {
    truncate(text, MAX_CONTENT_CHARS)
}

/// Only the player to act is pinged; names in the text never ping anyone.
fn mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    let users = reply.mention.map(serenity::UserId::new).into_iter().collect::<Vec<_>>();
    serenity::CreateAllowedMentions::new().users(users)
}

fn style(style: Style) -> serenity::ButtonStyle {
    match style {
        Style::Primary => serenity::ButtonStyle::Primary,
        Style::Secondary => serenity::ButtonStyle::Secondary,
        Style::Success => serenity::ButtonStyle::Success,
        Style::Danger => serenity::ButtonStyle::Danger,
    }
}

pub fn components(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    let mut rows = Vec::new();
    if let Some(menu) = &reply.menu {
        let options = menu
            .options
            .iter()
            .map(|o| {
                let option = serenity::CreateSelectMenuOption::new(&o.label, &o.value);
                match &o.description {
                    Some(d) => option.description(d),
                    None => option,
                }
            })
            .collect();
        let select =
            serenity::CreateSelectMenu::new(&menu.id, serenity::CreateSelectMenuKind::String { options }).placeholder(&menu.placeholder);
        rows.push(serenity::CreateActionRow::SelectMenu(select));
    }
    // A menu takes one of the five rows.
    let room = 5 - rows.len();
    for row in reply.buttons.iter().filter(|r| !r.is_empty()).take(room) {
        rows.push(serenity::CreateActionRow::Buttons(
            row.iter().map(|b| serenity::CreateButton::new(&b.id).label(&b.label).style(style(b.style))).collect(),
        ));
    }
    rows
}

fn attachments(reply: &Reply) -> Vec<serenity::CreateAttachment> {
    reply.images.iter().map(|i| serenity::CreateAttachment::bytes(i.png.clone(), i.name.clone())).collect()
}

pub fn create_reply(reply: &Reply, ephemeral: bool) -> poise::CreateReply {
    let mut r = poise::CreateReply::default()
        .content(content(reply))
        .allowed_mentions(mentions(reply))
        .components(components(reply))
        .ephemeral(ephemeral);
    for a in attachments(reply) {
        r = r.attachment(a);
    }
    r
}

/// A new channel message (what a step owes the channel).
pub fn message(reply: &Reply) -> serenity::CreateMessage {
    serenity::CreateMessage::new()
        .content(content(reply))
        .allowed_mentions(mentions(reply))
        .components(components(reply))
        .add_files(attachments(reply))
}

pub fn edit(reply: &Reply) -> serenity::EditInteractionResponse {
    let mut e =
        serenity::EditInteractionResponse::new().content(content(reply)).allowed_mentions(mentions(reply)).components(components(reply));
    for a in attachments(reply) {
        e = e.new_attachment(a);
    }
    e
}
