//! Stats and ratings per server (`/stats`, `/leaderboard`), computed afresh from the server's
//! stored finished games each time they are asked for: each game is replayed through its
//! game's engine for its outcome (score, placement, its own figures), and the ratings are
//! recomputed game by game in the order the games finished. Nothing but the stored games
//! decides them, and nothing is kept that could not be computed again: a corrected game, or a
//! changed formula, re-rates everyone. The same for every game; what a game adds (its figures)
//! comes from its room ([`crate::games::contract::Rules::outcome`]).
//!
//! Ratings are skillratings' Weng-Lin for free-for-all games (each seat a team of one, ranked
//! by placement), per server and per game. Abandoned games are not finished games; games with
//! fewer than two people do not count. Computer players are rated per strength (one rating
//! per strength, shared by every computer of that strength), so people can measure themselves
//! against them. A person the computer replaced keeps their seat: the result is theirs.

use super::{Place, Reply, Result, Service, Table, user};
use crate::common::is_computer_id;
use crate::games::State;
use crate::games::contract::{SeatOutcome, Tally};
use crate::i18n::Locale;
use crate::kinds::{GameKind, Strength};
use crate::store::{self, ActionRecord, GameId};
use crate::tr;
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use std::collections::HashMap;

/// A rating is shown once its uncertainty is below this (it starts at 25/3 ≈ 8.3; about five
/// games against others bring it here). Said in `/help`.
pub const SHOWN_BELOW: f64 = 6.5;

/// How many rated players a leaderboard lists.
const LEADERBOARD_ROWS: usize = 10;

/// Who a seat's result rates: a person, or the computer at one strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rated {
    Person(u64),
    Computer(Strength),
}

/// One finished game, as stats and ratings see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    pub id: GameId,
    pub kind: GameKind,
    /// By seat: who sat there, and how they ended.
    pub seats: Vec<(Rated, SeatOutcome)>,
    /// Each person's turns, in seconds: from the step before their turn to their turn's last.
    pub turn_secs: HashMap<u64, Vec<i64>>,
}

impl Finished {
    /// People at the table (a person the computer replaced still counts).
    fn people(&self) -> usize {
        self.seats.iter().filter(|(r, _)| matches!(r, Rated::Person(_))).count()
    }

    /// Whether the game counts for ratings: at least two people played it.
    pub fn rated(&self) -> bool {
        self.people() >= 2
    }
}

/// A rating, and the rated games behind it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: WengLinRating,
    pub games: usize,
}

impl Rating {
    /// Sure enough to be shown.
    pub fn shown(&self) -> bool {
        self.rating.uncertainty < SHOWN_BELOW
    }
}

/// Everyone's rating after `games`, taken in order: a pure function of the games. Each rated
/// game ranks its seats by placement (ties share a rank). One strength of computer at several
/// seats of one game takes the sum of its seats' changes and the smallest uncertainty.
pub fn ratings(games: &[Finished]) -> HashMap<Rated, Rating> {
    let config = WengLinConfig::new();
    let mut table: HashMap<Rated, Rating> = HashMap::new();
    for game in games.iter().filter(|g| g.rated()) {
        let before: Vec<WengLinRating> =
            game.seats.iter().map(|(who, _)| table.get(who).map_or_else(WengLinRating::new, |r| r.rating)).collect();
        let teams: Vec<[WengLinRating; 1]> = before.iter().map(|r| [*r]).collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> =
            teams.iter().zip(&game.seats).map(|(team, (_, outcome))| (&team[..], MultiTeamOutcome::new(outcome.place))).collect();
        let after = weng_lin_multi_team(&ranked, &config);
        let mut changed: Vec<(Rated, WengLinRating, f64, f64)> = Vec::new();
        for (seat, (who, _)) in game.seats.iter().enumerate() {
            let new = after[seat][0];
            let delta = new.rating - before[seat].rating;
            match changed.iter_mut().find(|(w, ..)| w == who) {
                Some((_, _, sum, least)) => {
                    *sum += delta;
                    *least = least.min(new.uncertainty);
                }
                None => changed.push((*who, before[seat], delta, new.uncertainty)),
            }
        }
        for (who, start, delta, uncertainty) in changed {
            let entry = table.entry(who).or_insert(Rating { rating: WengLinRating::new(), games: 0 });
            entry.rating = WengLinRating { rating: start.rating + delta, uncertainty };
            entry.games += 1;
        }
    }
    table
}

/// Each person's turn times in a game's log, in seconds: a turn is a run of consecutive steps
/// logged by one person, timed from the step before it (the first run has nothing to time
/// from, and steps the computer took for someone are nobody's turn).
fn turn_times(log: &[ActionRecord]) -> HashMap<u64, Vec<i64>> {
    let mut out: HashMap<u64, Vec<i64>> = HashMap::new();
    let mut i = 0;
    while i < log.len() {
        let who = log[i].user_id;
        let mut j = i;
        while j + 1 < log.len() && log[j + 1].user_id == who {
            j += 1;
        }
        if i > 0 && who != crate::common::COMPUTER_USER && !is_computer_id(who) {
            out.entry(who).or_default().push((log[j].created_at - log[i - 1].created_at).max(0));
        }
        i = j + 1;
    }
    out
}

/// A finished game's stats, replayed from its stored log (None: it no longer replays, or is
/// not over: a stored game this version cannot read is left out rather than stop the stats).
fn finished_of(table: &Table, log: Vec<ActionRecord>) -> Option<Finished> {
    let turn_secs = turn_times(&log);
    let outcome = match State::outcome(table, log) {
        Ok(outcome) => outcome?,
        Err(e) => {
            tracing::warn!(game = table.record.id, "a finished game left out of the stats: {e:?}");
            return None;
        }
    };
    let seats = table
        .seats
        .iter()
        .filter_map(|s| {
            let seat = s.seat?;
            let who = if is_computer_id(s.user_id) { Rated::Computer(s.computer.unwrap_or_default()) } else { Rated::Person(s.user_id) };
            Some((who, outcome.get(seat)?.clone()))
        })
        .collect();
    Some(Finished { id: table.record.id, kind: table.record.kind, seats, turn_secs })
}

/// The median of `xs` (the lower middle of an even count); None for none.
fn median(mut xs: Vec<i64>) -> Option<i64> {
    xs.sort_unstable();
    xs.get(xs.len().saturating_sub(1) / 2).copied()
}

/// A number with one decimal, as `l` writes it.
fn decimal(x: f64, l: Locale) -> String {
    let text = format!("{x:.1}");
    match l {
        Locale::Fr => text.replace('.', ","),
        _ => text,
    }
}

/// A short time in words: seconds under a minute, else minutes, hours, days.
fn time_words(secs: i64, l: Locale) -> String {
    if secs < 60 { tr!(l, "stats-seconds", n = secs) } else { super::words::duration_words_in(secs * 1000, l) }
}

/// The favourites of a player over `outcomes` (their seats in one game's finished games): for
/// each tally the game keeps, the kind they did most, with how many of it and of all kinds
/// ("Favourite feature: islands (14 of 23 completed)"); kinds tied for the most are named
/// together, in the game's order. Nothing for a tally they never added to.
fn favourites<'a>(outcomes: impl Iterator<Item = &'a SeatOutcome>, l: Locale) -> Vec<String> {
    let mut sums: Vec<Tally> = Vec::new();
    for tally in outcomes.flat_map(|o| &o.tallies) {
        let sum = match sums.iter_mut().position(|t| t.line == tally.line) {
            Some(i) => &mut sums[i],
            None => {
                sums.push(Tally { line: tally.line, counts: Vec::new() });
                sums.last_mut().expect("just pushed")
            }
        };
        for &(kind, n) in &tally.counts {
            match sum.counts.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, total)) => *total += n,
                None => sum.counts.push((kind, n)),
            }
        }
    }
    sums.into_iter()
        .filter_map(|sum| {
            let most = sum.counts.iter().map(|&(_, n)| n).max().filter(|&n| n > 0)?;
            let kinds: Vec<String> = sum.counts.iter().filter(|&&(_, n)| n == most).map(|&(k, _)| tr!(l, k)).collect();
            Some(tr!(
                l,
                sum.line,
                kinds = kinds.join(" · "),
                count = most,
                tied = if kinds.len() > 1 { "yes" } else { "no" },
                total = sum.counts.iter().map(|&(_, n)| n).sum::<i64>(),
            ))
        })
        .collect()
}

impl Service {
    /// The server's finished games (of `kind`, or all), each replayed for its outcome, in the
    /// order they finished; and the people's names as their latest game has them.
    pub async fn finished_games(&self, guild_id: u64, kind: Option<GameKind>) -> Result<(Vec<Finished>, HashMap<u64, String>)> {
        let mut conn = self.store.pool().acquire().await?;
        let mut tables = Vec::new();
        for record in store::finished_games(&mut conn, guild_id, kind).await? {
            let seats = store::seats(&mut conn, record.id).await?;
            let log = store::actions(&mut conn, record.id).await?;
            tables.push((Table { record, seats }, log));
        }
        drop(conn);
        let mut names = HashMap::new();
        for (table, _) in &tables {
            for s in table.seats.iter().filter(|s| !is_computer_id(s.user_id)) {
                names.insert(s.user_id, s.name.clone());
            }
        }
        // Replaying every game is CPU work: off the async workers.
        let games = tokio::task::spawn_blocking(move || tables.into_iter().filter_map(|(t, log)| finished_of(&t, log)).collect())
            .await
            .map_err(|e| crate::common::internal(format!("replaying the finished games: {e}")))?;
        Ok((games, names))
    }

    /// `/stats`: `who`'s (None: the asker's) games on this server, per game (or of `kind`):
    /// played, won, scores, placements, time per turn and the game's own figures. Someone who
    /// keeps off the leaderboards shows their stats to themselves alone.
    pub async fn stats(&self, place: Place, asker: &super::Actor, who: Option<(u64, String)>, kind: Option<GameKind>) -> Result<Reply> {
        let reader = asker.locale;
        let (user_id, name) = who.unwrap_or_else(|| (asker.user_id, asker.name.clone()));
        let name = super::reply::escape(&name);
        if user_id != asker.user_id {
            let mut conn = self.store.pool().acquire().await?;
            if store::settings(&mut conn, user_id).await?.hidden {
                return user(tr!(reader, "stats-hidden", name = name));
            }
        }
        let (games, _) = self.finished_games(place.guild_id, kind).await?;
        let mut lines = vec![tr!(reader, "stats-head", name = name.as_str())];
        for kind in GameKind::ALL.into_iter().filter(|k| kind.is_none_or(|only| only == *k)) {
            let mine: Vec<(&Finished, &SeatOutcome)> = games
                .iter()
                .filter(|g| g.kind == kind)
                .filter_map(|g| g.seats.iter().find(|(r, _)| *r == Rated::Person(user_id)).map(|(_, o)| (g, o)))
                .collect();
            if mine.is_empty() {
                continue;
            }
            let n = mine.len() as f64;
            let turns: Vec<i64> = mine.iter().flat_map(|(g, _)| g.turn_secs.get(&user_id).cloned().unwrap_or_default()).collect();
            lines.push(tr!(
                reader,
                "stats-game",
                game = tr!(reader, &kind.title_key()),
                played = mine.len(),
                won = mine.iter().filter(|(_, o)| o.place == 1).count(),
                average = decimal(mine.iter().map(|(_, o)| o.score as f64).sum::<f64>() / n, reader),
                best = mine.iter().map(|(_, o)| o.score).max().unwrap_or_default(),
                placement = decimal(mine.iter().map(|(_, o)| o.place as f64).sum::<f64>() / n, reader),
                turn = median(turns).map_or_else(|| "–".to_string(), |s| time_words(s, reader)),
            ));
            let mut figures: Vec<(&'static str, i64)> = Vec::new();
            for (_, o) in &mine {
                for &(key, count) in &o.figures {
                    match figures.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, total)) => *total += count,
                        None => figures.push((key, count)),
                    }
                }
            }
            for (key, total) in figures {
                lines.push(tr!(
                    reader,
                    "stats-figure",
                    figure = tr!(reader, key),
                    total = total,
                    average = decimal(total as f64 / n, reader)
                ));
            }
            lines.extend(favourites(mine.iter().map(|(_, o)| *o), reader));
        }
        if lines.len() == 1 {
            return Ok(Reply { text: tr!(reader, "stats-none", name = name.as_str()), ..Reply::default() });
        }
        Ok(Reply { text: super::reply::truncate(&lines.join("\n"), 2000), ..Reply::default() })
    }

    /// `/leaderboard`: the server's Weng-Lin ratings of one game (or each), recomputed from its
    /// finished games; ratings still too uncertain, and people who keep off leaderboards, are
    /// not listed.
    pub async fn leaderboard(&self, place: Place, reader: Locale, kind: Option<GameKind>) -> Result<Reply> {
        let mut sections = Vec::new();
        for kind in GameKind::ALL.into_iter().filter(|k| kind.is_none_or(|only| only == *k)) {
            let (games, names) = self.finished_games(place.guild_id, Some(kind)).await?;
            let game = tr!(reader, &kind.title_key());
            let counted = games.iter().filter(|g| g.rated()).count();
            if counted == 0 {
                sections.push(tr!(reader, "leaderboard-empty", game = game));
                continue;
            }
            let ratings = ratings(&games);
            let people: Vec<u64> = ratings.keys().filter_map(|r| if let Rated::Person(u) = r { Some(*u) } else { None }).collect();
            let hidden = {
                let mut conn = self.store.pool().acquire().await?;
                store::hidden_from_leaderboards(&mut conn, &people).await?
            };
            let mut listed: Vec<(Rated, Rating)> =
                ratings.into_iter().filter(|(r, _)| !matches!(r, Rated::Person(u) if hidden.contains(u))).collect();
            let unsure = listed.iter().filter(|(_, r)| !r.shown()).count();
            listed.retain(|(_, r)| r.shown());
            // Best first; a tie in order of whom the games rated more, then by who they are
            // (the same order every time).
            listed.sort_by(|(a, x), (b, y)| {
                y.rating.rating.total_cmp(&x.rating.rating).then(y.games.cmp(&x.games)).then_with(|| key(a).cmp(&key(b)))
            });
            let mut lines = vec![tr!(reader, "leaderboard-head", game = game, games = counted)];
            for (rank, (who, r)) in listed.iter().take(LEADERBOARD_ROWS).enumerate() {
                let name = match who {
                    Rated::Person(u) => super::reply::escape(names.get(u).map_or("?", String::as_str)),
                    Rated::Computer(s) => tr!(reader, "leaderboard-computer", strength = tr!(reader, &format!("strength-{s}"))),
                };
                lines.push(tr!(
                    reader,
                    "leaderboard-line",
                    rank = rank + 1,
                    name = name,
                    rating = decimal(r.rating.rating, reader),
                    uncertainty = decimal(r.rating.uncertainty, reader),
                    games = r.games,
                ));
            }
            if listed.is_empty() || unsure > 0 {
                lines.push(tr!(reader, "leaderboard-unsure", n = unsure, limit = decimal(SHOWN_BELOW, reader)));
            }
            sections.push(lines.join("\n"));
        }
        Ok(Reply { text: super::reply::truncate(&sections.join("\n\n"), 2000), ..Reply::default() })
    }
}

/// A stable order of who is rated, for ties.
fn key(who: &Rated) -> (u8, u64) {
    match who {
        Rated::Person(u) => (0, *u),
        Rated::Computer(s) => (1, Strength::ALL.iter().position(|x| x == s).unwrap_or_default() as u64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(place: usize) -> SeatOutcome {
        SeatOutcome { score: 10 - place as i64, place, figures: Vec::new(), tallies: Vec::new() }
    }

    fn game(id: GameId, seats: &[(Rated, usize)]) -> Finished {
        Finished { id, kind: GameKind::SouthSeas, seats: seats.iter().map(|&(r, p)| (r, outcome(p))).collect(), turn_secs: HashMap::new() }
    }

    #[test]
    fn games_played_and_won_agree_in_number_in_french() {
        let line = |played: usize, won: usize| {
            tr!(
                Locale::Fr,
                "stats-game",
                game = "Südsee",
                played = played,
                won = won,
                average = "1",
                best = 1,
                placement = "1",
                turn = "1 s"
            )
        };
        assert!(line(1, 0).contains("1 jouée, 0 gagnée ·"), "{}", line(1, 0));
        assert!(line(7, 2).contains("7 jouées, 2 gagnées ·"), "{}", line(7, 2));
    }

    #[test]
    fn ratings_follow_placements_and_leave_out_games_with_one_person() {
        let (ana, bo) = (Rated::Person(1001), Rated::Person(1002));
        let bot = Rated::Computer(Strength::Medium);
        let games: Vec<Finished> = (0..8).map(|i| game(i, &[(ana, 1), (bo, 2), (bot, 3)])).collect();
        let r = ratings(&games);
        assert!(r[&ana].rating.rating > r[&bo].rating.rating && r[&bo].rating.rating > r[&bot].rating.rating);
        assert_eq!(r[&ana].games, 8);
        assert!(r[&ana].shown(), "eight games are enough: {:?}", r[&ana]);
        let first = ratings(&games[..1]);
        assert!(!first[&ana].shown(), "one game is not: {:?}", first[&ana]);
        // A person alone with computers: not rated.
        let alone = ratings(&[game(9, &[(ana, 1), (bot, 2)])]);
        assert!(alone.is_empty());
        // Recomputed: the same figures, to the bit.
        assert_eq!(ratings(&games), r);
    }

    #[test]
    fn two_computers_of_one_strength_are_one_rating() {
        let (ana, bo) = (Rated::Person(1), Rated::Person(2));
        let bot = Rated::Computer(Strength::Easy);
        let r = ratings(&[game(1, &[(bot, 1), (ana, 2), (bot, 3), (bo, 4)])]);
        assert_eq!(r[&bot].games, 1);
        assert!(r[&bot].rating.uncertainty < WengLinRating::new().uncertainty);
    }

    /// A seat's outcome that completed `features` ([islands, bridges, seas, markets]) and built
    /// `pieces` ([roads, ships, settlements, cities]).
    fn tallied(features: [i64; 4], pieces: [i64; 4]) -> SeatOutcome {
        let kinds = |keys: [&'static str; 4], n: [i64; 4]| keys.into_iter().zip(n).collect();
        SeatOutcome {
            tallies: vec![
                Tally {
                    line: "ss-favourite-feature",
                    counts: kinds(["ss-feature-islands", "ss-feature-bridges", "ss-feature-seas", "ss-feature-markets"], features),
                },
                Tally {
                    line: "sf-favourite-piece",
                    counts: kinds(["sf-piece-roads", "sf-piece-ships", "sf-piece-settlements", "sf-piece-cities"], pieces),
                },
            ],
            ..outcome(1)
        }
    }

    #[test]
    fn the_favourite_is_the_kind_done_most_over_all_games_counted_in_both_languages() {
        // Bridges lead in the first game, islands over the three: 14 of 23.
        let games = [tallied([2, 5, 1, 0], [6, 2, 3, 1]), tallied([7, 1, 0, 1], [4, 9, 2, 1]), tallied([5, 0, 2, 0], [3, 30, 2, 0])];
        assert_eq!(
            favourites(games.iter(), Locale::En),
            vec!["  • Favourite feature: islands (14 of 24 completed)".to_string(), "  • Most built: ships (41 of 63 pieces)".to_string()]
        );
        assert_eq!(
            favourites(games.iter(), Locale::Fr),
            vec![
                "  • Lieu préféré : îles (14 sur 24 lieux complétés)".to_string(),
                "  • Le plus construit : bateaux (41 sur 63 constructions)".to_string()
            ]
        );
    }

    #[test]
    fn kinds_tied_for_the_most_are_named_together_and_nothing_done_says_nothing() {
        let tied = [tallied([3, 1, 3, 0], [0; 4])];
        assert_eq!(favourites(tied.iter(), Locale::En), vec!["  • Favourite feature: islands · seas (3 each of 7 completed)".to_string()]);
        assert_eq!(
            favourites(tied.iter(), Locale::Fr),
            vec!["  • Lieu préféré : îles · mers (3 chacun sur 7 lieux complétés)".to_string()]
        );
        assert!(favourites([tallied([0; 4], [0; 4])].iter(), Locale::En).is_empty());
        assert!(favourites([outcome(2)].iter(), Locale::En).is_empty(), "a game that keeps no tally");
    }

    #[test]
    fn turns_are_timed_from_the_step_before_them() {
        let step = |seq, user_id, created_at| ActionRecord { seq, user_id, seat: None, action: String::new(), created_at };
        let log = vec![step(1, 1001, 100), step(2, 1002, 160), step(3, 1002, 170), step(4, 3, 175), step(5, 1001, 400)];
        let t = turn_times(&log);
        assert_eq!(t[&1002], vec![70]);
        assert_eq!(t[&1001], vec![225], "the first turn has nothing to time from");
        assert!(!t.contains_key(&3), "a computer's steps are nobody's turn");
        assert_eq!(median(vec![5, 1, 3, 9]), Some(3));
        assert_eq!(median(Vec::new()), None);
    }
}
