//! No board coordinates reach a player (issue #31): over whole games of both games, in English
//! and in French, nothing a player reads (public and private messages, button labels, menu
//! options, undo notes, the answers to out-of-date clicks, `/status`, `/board`'s caption, every
//! page of `/history`, the refusals of steps the rules forbid) holds a board coordinate like
//! "(-1, -2)". Places are named as the
//! pictures show them: a spot's letter, a figure's number, a feature and its size. The stored
//! log keeps its coordinates (`/history`'s file, the engine's syntax): only the words change.

use crate::support::{TempDb, all_posted, player};
use southseas::common::Reply;
use southseas::games::seafarers::{Seafarers, SeafarersOptions};
use southseas::games::southseas::{GameOptions, SouthSeas};
use southseas::i18n::Locale;
use southseas::service::{Actor, Place, Service, ServiceError};

/// The first board coordinate in `text`: "(" an integer "," (a space) an integer ")".
fn coordinates(text: &str) -> Option<&str> {
    let integer = |s: &str| -> usize {
        let digits = s.strip_prefix('-').unwrap_or(s);
        let n = digits.chars().take_while(char::is_ascii_digit).count();
        if n == 0 { 0 } else { n + s.len() - digits.len() }
    };
    text.match_indices('(').find_map(|(i, _)| {
        let rest = &text[i + 1..];
        let a = integer(rest);
        let after = rest[a..].strip_prefix(',')?;
        let after = after.strip_prefix(' ').unwrap_or(after);
        let b = integer(after);
        (a > 0 && b > 0 && after[b..].starts_with(')')).then(|| &text[i..text.len() - after.len() + b + 1])
    })
}

/// The first coordinate as the engines write one in `text`: an integer, a comma, an integer.
fn bare_coordinates(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    (0..chars.len()).filter(|&i| chars[i].is_ascii_digit()).find_map(|i| {
        (chars.get(i + 1) == Some(&',')).then_some(())?;
        let j = i + 2 + usize::from(chars.get(i + 2) == Some(&'-'));
        chars.get(j).is_some_and(char::is_ascii_digit).then(|| chars[i..=j].iter().collect())
    })
}

#[test]
fn coordinates_are_recognised() {
    assert_eq!(bare_coordinates("the tile at 0,-1 is"), Some("0,-1".to_string()));
    assert_eq!(bare_coordinates("the spot 0,1,N"), Some("0,1".to_string()));
    assert_eq!(bare_coordinates("2 shells, 1 fish"), None);
    assert_eq!(coordinates("took back their fisherman from (-1, -2)."), Some("(-1, -2)"));
    assert_eq!(coordinates("la tuile en (10,3), tournée"), Some("(10,3)"));
    assert_eq!(coordinates("A · 90° (the one turn that fits) (3 fish)"), None);
    assert_eq!(coordinates("Sea (2 tiles) is fished: (1, fish)"), None);
    assert_eq!(coordinates("(1 of 2) (, 3)"), None);
}

/// Everything players read, gathered over a game, with where each piece came from.
#[derive(Default)]
struct Read {
    texts: Vec<(String, String)>,
    undone: usize,
    stale: usize,
    refused: usize,
}

impl Read {
    fn text(&mut self, whence: &str, text: &str) {
        self.texts.push((whence.to_string(), text.to_string()));
    }

    /// A reply's text, its buttons' labels, its menu's placeholder and options, and the private
    /// posts it owes, each in turn.
    fn reply(&mut self, whence: &str, reply: &Reply) {
        self.text(whence, &reply.text);
        for b in reply.buttons.iter().flatten() {
            self.text(&format!("{whence}: button"), &b.label);
        }
        if let Some(menu) = &reply.menu {
            self.text(&format!("{whence}: menu"), &menu.placeholder);
            for o in &menu.options {
                self.text(&format!("{whence}: menu option"), &o.label);
                self.text(&format!("{whence}: menu option"), o.description.as_deref().unwrap_or(""));
            }
        }
        for p in &reply.private {
            self.reply(&format!("{whence}: private"), p);
        }
    }

    /// An answer: a reply, or the words of a refusal.
    fn answer(&mut self, whence: &str, answer: &Result<Reply, ServiceError>) {
        match answer {
            Ok(reply) => self.reply(whence, reply),
            Err(ServiceError::User(text)) => self.text(&format!("{whence}: refused"), text),
            Err(e) => panic!("{whence}: {e}"),
        }
    }

    /// Steps the rules refuse now (each checked against a copy of the game first), taken as a
    /// player would: their refusals are read like everything else.
    async fn refused<M: Copy + Into<southseas::games::Move>>(&mut self, service: &Service, place: Place, who: &Actor, steps: &[M]) {
        for &step in steps {
            let answer = service.act(place, who, step).await;
            if let Err(ServiceError::User(text)) = &answer {
                self.refused += 1;
                // Nor as the engines write them, bare: "0,-1", "0,1,N".
                assert!(bare_coordinates(text).is_none(), "refused step: {text}");
            }
            self.answer("refused step", &answer);
        }
    }

    /// A tap on a button of `last`, the message before the newest (out of date now), by the
    /// player who acted (`seat`) or, every other time, by the next one.
    async fn stale_tap(&mut self, service: &Service, place: Place, last: Option<&Reply>, people: &[Actor], seat: usize, step: u64) {
        let Some(id) = last.and_then(game_button) else { return };
        let tapper = if step.is_multiple_of(2) { &people[seat] } else { &people[(seat + 1) % people.len()] };
        let answer = service.click(place, tapper, &id, None).await;
        self.stale += usize::from(matches!(&answer, Err(ServiceError::User(t)) if !t.is_empty()));
        self.answer("stale tap", &answer);
    }

    /// What the table and each reader can look up at the end: `/status`, `/board`, `/history`.
    async fn lookups(&mut self, service: &Service, place: Place) {
        for l in Locale::ALL {
            self.answer("/status", &service.status(place, l).await);
            self.answer("/board", &service.board(place, l).await);
            for page in 1.. {
                match service.history(place, page, l).await {
                    Ok(reply) => self.text("/history", &reply.text),
                    Err(ServiceError::User(_)) => break,
                    Err(e) => panic!("/history: {e}"),
                }
            }
        }
    }

    /// The texts holding `words`, for a look at them (`--nocapture`).
    fn show(&self, words: &str) {
        for (whence, text) in self.texts.iter().filter(|t| t.1.contains(words)).take(2) {
            eprintln!("  {whence}: {}", text.lines().find(|l| l.contains(words)).unwrap_or_default());
        }
    }

    fn assert_no_coordinates(&self, game: &str) {
        let mut found = Vec::new();
        for (whence, text) in &self.texts {
            if let Some(c) = coordinates(text) {
                found.push(format!("{whence}: {c} in {text:?}"));
            }
        }
        assert!(found.is_empty(), "{game}: {} texts with coordinates, e.g.\n{}", found.len(), found[..found.len().min(8)].join("\n"));
    }
}

/// A table of `people` persons at `place`, started: the persons by seat.
async fn started<G: southseas::games::Listed>(
    service: &Service,
    place: Place,
    people: &[Actor],
    open: Result<Reply, ServiceError>,
    read: &mut Read,
) -> Vec<Actor> {
    read.answer("/new", &open);
    for p in &people[1..] {
        read.answer("join", &service.join(place, p).await);
    }
    read.answer("start", &service.start(place, &people[0]).await);
    let mut seated = Vec::new();
    for p in people {
        let seat = service.snapshot::<G>(place, p.user_id).await.expect("snapshot").2.expect("seated");
        seated.push((seat, p.clone()));
    }
    seated.sort_by_key(|s| s.0);
    seated.into_iter().map(|s| s.1).collect()
}

/// The first button of `reply` that acts on the game (not a look at the board).
fn game_button(reply: &Reply) -> Option<String> {
    reply.buttons.iter().flatten().map(|b| b.id.clone()).find(|id| {
        southseas::common::ComponentId::parse(id).is_some_and(|c| matches!(c.command, Some(southseas::common::Command::Game(_))))
    })
}

/// A whole South Seas game under the any-turn retrieve rule, in `language`: the greedy
/// computer's choices, except that a figure is taken back whenever the step allows it every
/// other time; some steps are undone and taken again, and an out-of-date button is tapped now
/// and then, by the one who acted or by another player.
async fn south_seas(service: &Service, table: u64, language: Locale) -> Read {
    use southseas_engine::{Action, Bot, Pos, RetrieveRule, Rotation, Strategy};
    let place = Place { guild_id: 3, channel_id: 700 + table };
    let people: Vec<Actor> = (0..3).map(|n| player(table * 10 + n)).collect();
    let options = GameOptions { seed: Some(40 + table), retrieve: RetrieveRule::AnyTurn, ..GameOptions::default() };
    let mut read = Read::default();
    let opened = service.create_in(place, &people[0], options, language).await;
    let people = started::<SouthSeas>(service, place, &people, opened, &mut read).await;
    let mut last: Option<Reply> = None;
    let (mut retrieved, mut choices) = (0usize, 0usize);
    for step in 0..5000u64 {
        all_posted(service).await;
        let (game, _, _, _) = service.snapshot::<SouthSeas>(place, 0).await.expect("snapshot");
        let Some(seat) = game.to_act() else {
            read.lookups(service, place).await;
            assert!(
                retrieved >= 3 && read.undone >= 3 && read.stale >= 5 && read.refused >= 20,
                "{retrieved} taken back, {} undone, {} stale, {} refused",
                read.undone,
                read.stale,
                read.refused
            );
            return read;
        };
        let who = &people[seat];
        if step.is_multiple_of(5) {
            // A tile on a taken square, a tile turned a way that does not fit at a lettered
            // spot, a figure taken back where none stands, a step of another phase.
            let mut tries = vec![
                Action::PlaceTile { pos: Pos::new(0, 0), rotation: Rotation::ALL[0] },
                Action::RetrieveIslander { pos: Pos::new(0, 0), feature: 0 },
                Action::SkipIslander,
                Action::EndTurn,
            ];
            tries.extend(game.placement_spots().iter().find_map(|s| {
                Rotation::ALL.into_iter().find(|r| !s.rotations.contains(r)).map(|rotation| Action::PlaceTile { pos: s.pos, rotation })
            }));
            tries.retain(|a| game.clone().apply(a).is_err());
            read.refused(service, place, who, &tries).await;
        }
        let back: Vec<Action> = game.legal_actions().into_iter().filter(|a| matches!(a, Action::RetrieveIslander { .. })).collect();
        choices += usize::from(!back.is_empty());
        let action = match back.first() {
            Some(&a) if choices.is_multiple_of(2) => {
                retrieved += 1;
                a
            }
            _ => Bot::new(Strategy::Greedy, table ^ step).choose(&game).expect("a step"),
        };
        let reply = service.act(place, who, action).await.expect("the step");
        read.reply("step", &reply);
        // Undo a placement or a take-back now and then, and take the step again.
        let undo = match action {
            Action::RetrieveIslander { .. } => !retrieved.is_multiple_of(2),
            Action::PlaceTile { .. } => step.is_multiple_of(7),
            _ => false,
        };
        if undo {
            let answer = service.undo(place, who, None).await;
            read.undone += usize::from(answer.is_ok());
            read.answer("undo", &answer);
            all_posted(service).await;
            if answer.is_ok() {
                read.reply("step again", &service.act(place, who, action).await.expect("the step again"));
            }
        }
        if step.is_multiple_of(3) {
            read.stale_tap(service, place, last.as_ref(), &people, seat, step).await;
        }
        last = Some(reply);
    }
    panic!("the game never ended");
}

/// A whole Catan: Seafarers game (New Shores) in `language`: the greedy computer's choices,
/// a few undone, out-of-date buttons tapped now and then.
async fn seafarers(service: &Service, table: u64, language: Locale) -> Read {
    use seafarers_engine::{Action, Bot, Strategy};
    let place = Place { guild_id: 3, channel_id: 700 + table };
    let people: Vec<Actor> = (0..3).map(|n| player(table * 10 + n)).collect();
    let options = SeafarersOptions { scenario: "new-shores".into(), seed: Some(40 + table), ..SeafarersOptions::default() };
    let mut read = Read::default();
    let opened = service.create_in(place, &people[0], options, language).await;
    let people = started::<Seafarers>(service, place, &people, opened, &mut read).await;
    let mut last: Option<Reply> = None;
    for step in 0..20_000u64 {
        all_posted(service).await;
        let (game, _, _, _) = service.snapshot::<Seafarers>(place, 0).await.expect("snapshot");
        if game.is_over() {
            read.lookups(service, place).await;
            for who in &people {
                read.answer("/hand", &service.hand(place, who).await);
            }
            assert!(
                read.undone >= 3 && read.stale >= 5 && read.refused >= 20,
                "{} undone, {} stale, {} refused",
                read.undone,
                read.stale,
                read.refused
            );
            return read;
        }
        let (seat, action) = match game.answering().first() {
            Some(&seat) => (seat, Bot::trading(Strategy::Greedy, step).answer(&game, seat).expect("an answer")),
            None => {
                let seat = *game.to_act().first().expect("someone acts");
                (seat, Bot::new(Strategy::Greedy, table ^ step).choose(&game, seat).expect("a step"))
            }
        };
        let who = &people[seat];
        if step.is_multiple_of(7) {
            // Steps of another phase, and building where nothing may be built.
            let nowhere = seafarers_engine::Vertex { hex: seafarers_engine::Hex::new(0, 0), top: true };
            let mut tries = vec![Action::Roll, Action::EndTurn, Action::BuildSettlement { at: nowhere }, Action::BuildCity { at: nowhere }];
            tries.retain(|a| game.clone().apply(seat, a).is_err());
            read.refused(service, place, who, &tries).await;
        }
        let reply = service.act(place, who, action).await.expect("the step");
        read.reply("step", &reply);
        if step.is_multiple_of(11) {
            let answer = service.undo(place, who, None).await;
            read.undone += usize::from(answer.is_ok());
            read.answer("undo", &answer);
        }
        if step.is_multiple_of(3) {
            read.stale_tap(service, place, last.as_ref(), &people, seat, step).await;
        }
        last = Some(reply);
    }
    panic!("the game never ended");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_player_reads_a_board_coordinate() {
    let db = TempDb::new("no-coordinates");
    let service = Service::open(&db.url()).await.expect("database");
    let mut table = 0;
    for language in Locale::ALL {
        table += 1;
        let read = south_seas(&service, table, language).await;
        eprintln!("South Seas ({language:?}): {} texts read", read.texts.len());
        for words in ["undid taking back", "annulé la reprise", "took back", "a repris", "boat token", "bateau de pêche recouvre"] {
            read.show(words);
        }
        read.assert_no_coordinates(&format!("South Seas ({language:?})"));
        table += 1;
        let read = seafarers(&service, table, language).await;
        eprintln!("Seafarers ({language:?}): {} texts read", read.texts.len());
        read.assert_no_coordinates(&format!("Seafarers ({language:?})"));
    }
}
