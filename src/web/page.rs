//! The page itself (maud: compile-checked HTML, no build step): phone first, one request for
//! the page (its style and script inline, a few kilobytes) and one for the board's picture.
//! The script (`assets/web/page.js`, hand-written) pans and pinch-zooms the board, steps
//! through the history, and takes the live updates.

use super::public::Snapshot;
use crate::i18n::Locale;
use crate::tr;
use maud::{DOCTYPE, Markup, PreEscaped, html};

const STYLE: &str = include_str!("../../assets/web/page.css");
const SCRIPT: &str = include_str!("../../assets/web/page.js");

/// A game's page as its snapshot describes it.
pub(crate) fn page(snapshot: &Snapshot) -> String {
    let lang = Locale::from_code(snapshot.lang).unwrap_or_default();
    let step = &snapshot.step;
    // The script starts from the same data the updates bring; `</` never closes its element.
    let start = snapshot.json().replace("</", "<\\/");
    let words = serde_json::json!({
        "live": tr!(lang, "web-live"),
        "reconnecting": tr!(lang, "web-reconnecting"),
        "tooMany": tr!(lang, "web-too-many"),
    })
    .to_string()
    .replace("</", "<\\/");
    let markup: Markup = html! {
        (DOCTYPE)
        html lang=(snapshot.lang) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                meta name="robots" content="noindex, nofollow";
                title id="title" { (snapshot.title) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                header {
                    h1 id="heading" { (snapshot.title) }
                    span id="live" class="live" { (tr!(lang, "web-reconnecting")) }
                }
                p id="caption" class="text" { (PreEscaped(&snapshot.caption)) }
                @if snapshot.started {
                    section id="board-box" aria-label=(tr!(lang, "web-board")) {
                        div id="viewport" {
                            img id="board" src=(step.board) alt=(tr!(lang, "web-board-alt", step = step.step)) draggable="false";
                        }
                        div class="zoom" {
                            button id="zoom-in" type="button" title=(tr!(lang, "web-zoom-in")) aria-label=(tr!(lang, "web-zoom-in")) { "+" }
                            button id="zoom-out" type="button" title=(tr!(lang, "web-zoom-out")) aria-label=(tr!(lang, "web-zoom-out")) { "−" }
                            button id="zoom-fit" type="button" title=(tr!(lang, "web-zoom-fit")) aria-label=(tr!(lang, "web-zoom-fit")) { "⤢" }
                        }
                    }
                    section id="history" {
                        h2 { (tr!(lang, "web-history")) }
                        div class="nav" {
                            button id="prev" type="button" aria-label=(tr!(lang, "web-previous")) { "◀" }
                            input id="slider" type="range" min="0" max=(snapshot.steps) value=(step.step) aria-label=(tr!(lang, "web-history"));
                            button id="next" type="button" aria-label=(tr!(lang, "web-next")) { "▶" }
                            button id="latest" type="button" { (tr!(lang, "web-latest")) }
                        }
                        p id="step-label" class="label" { (step.label) }
                        div id="narration" class="text" { (PreEscaped(&step.text)) }
                    }
                    section id="standings" {
                        h2 { (tr!(lang, "web-standings")) }
                        div id="status" class="text" { (PreEscaped(&snapshot.status)) }
                    }
                }
                script id="start" type="application/json" { (PreEscaped(start)) }
                script id="words" type="application/json" { (PreEscaped(words)) }
                script { (PreEscaped(SCRIPT)) }
            }
        }
    };
    markup.into_string()
}

/// What every address that serves nothing answers (a wrong or revoked token, a path that is no
/// page): the same few bytes whatever was asked, in the browser's language.
pub(crate) fn not_found(lang: Locale) -> String {
    let markup = html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex, nofollow";
                title { (tr!(lang, "web-not-found")) }
            }
            body { p { (tr!(lang, "web-not-found")) } }
        }
    };
    markup.into_string()
}

/// The language a browser asks for first among those the bot speaks (`Accept-Language`, its
/// weights honoured), English otherwise.
pub(crate) fn browser_language(accept: Option<&str>) -> Locale {
    let Some(accept) = accept else { return Locale::En };
    let mut best: Option<(f32, Locale)> = None;
    for part in accept.split(',').take(20) {
        let mut pieces = part.trim().split(';');
        let tag = pieces.next().unwrap_or("").trim();
        let weight = pieces.find_map(|p| p.trim().strip_prefix("q=").and_then(|q| q.trim().parse::<f32>().ok())).unwrap_or(1.0);
        if let Some(locale) = Locale::from_discord(&tag.to_ascii_lowercase())
            && weight > 0.0
            && best.is_none_or(|(w, _)| weight > w)
        {
            best = Some((weight, locale));
        }
    }
    best.map_or(Locale::En, |(_, l)| l)
}

#[cfg(test)]
mod tests {
    use super::browser_language;
    use crate::i18n::Locale;

    #[test]
    fn the_browser_language_is_the_first_one_the_bot_speaks() {
        assert_eq!(browser_language(None), Locale::En);
        assert_eq!(browser_language(Some("fr-FR,fr;q=0.9,en;q=0.8")), Locale::Fr);
        assert_eq!(browser_language(Some("de-DE,de;q=0.9,fr;q=0.5,en;q=0.4")), Locale::Fr);
        assert_eq!(browser_language(Some("en;q=0.3, fr;q=0.7")), Locale::Fr);
        assert_eq!(browser_language(Some("de, ja")), Locale::En);
        assert_eq!(browser_language(Some("fr;q=0")), Locale::En, "a weight of 0 refuses the language");
        assert_eq!(browser_language(Some(";;,,;q=x")), Locale::En, "nonsense is no language");
    }
}
