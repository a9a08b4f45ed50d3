//! Service replies → Discord messages.

use crate::i18n::Locale;
use crate::service::reply::{MAX_CONTENT_CHARS, truncate};
use crate::service::{Reply, ServiceError, Style};
use crate::tr;
use poise::serenity_prelude as serenity;

/// The short apology for an error of ours, in `locale`.
pub fn apology(locale: Locale) -> String {
    tr!(locale, "apology")
}

/// Everyone the message pings: the player to act, then anyone else it is for.
fn pinged(reply: &Reply) -> Vec<u64> {
    let mut users: Vec<u64> = reply.mention.into_iter().collect();
    for &u in &reply.more_mentions {
        if !users.contains(&u) {
            users.push(u);
        }
    }
    users
}

/// The message text, within Discord's limit whatever the service wrote.
fn content(reply: &Reply) -> String {
    let users = pinged(reply);
    if users.is_empty() {
        return truncate(&reply.text, MAX_CONTENT_CHARS);
    }
    // The prompt names the player it pings by mention; anyone else it pings (everyone, at the
    // end) is mentioned last.
    let tail: String = users.iter().filter(|u| !reply.text.contains(&format!("<@{u}>"))).map(|u| format!(" <@{u}>")).collect();
    format!("{}{tail}", truncate(&reply.text, MAX_CONTENT_CHARS - tail.chars().count()))
}

/// A private answer (an error, a refusal), within Discord's limit.
pub fn private_text(text: &str) -> String {
    truncate(text, MAX_CONTENT_CHARS)
}

/// Only those the message is for are pinged (the player to act; every player at the end);
/// names in the text never ping anyone.
fn mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new().users(pinged(reply).into_iter().map(serenity::UserId::new))
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

pub fn attachments(reply: &Reply) -> Vec<serenity::CreateAttachment> {
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

/// The text a user sees for an error: theirs in full (the service wrote it in their
/// language), ours as a short apology in `locale` (and logged).
pub fn user_message(error: ServiceError, locale: Locale) -> String {
    match error {
        ServiceError::User(m) => private_text(&m),
        ServiceError::Internal(e) => {
            tracing::error!("internal error: {e:#}");
            apology(locale)
        }
    }
}
