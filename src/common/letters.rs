//! Each seat's letter in a game's pictures: the second cue besides its colour, for readers who
//! cannot tell the colours apart. Presentation only: no stored game records a letter.

/// Each seat's letter, distinct and deterministic: first every player's own initial, where no
/// earlier seat's initial took it (so a player named Ana wears A even when a computer player
/// called Maui sits before her and would otherwise wear its second letter, A); then, for the
/// seats left, the name's next letters, the seat colour's letter (`colour_letters`, by seat),
/// then A–Z. Names without a letter or digit (an empty name, emoji) skip to the colour's letter.
pub fn seat_letters(names: &[String], colour_letters: &[char]) -> Vec<char> {
    let own = |name: &str| name.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_uppercase).collect::<Vec<char>>();
    let mut out: Vec<Option<char>> = vec![None; names.len()];
    for (seat, name) in names.iter().enumerate() {
        if let Some(&initial) = own(name).first()
            && !out.contains(&Some(initial))
        {
            out[seat] = Some(initial);
        }
    }
    for (seat, name) in names.iter().enumerate() {
        if out[seat].is_some() {
            continue;
        }
        let colour = colour_letters.get(seat).copied();
        let letter = own(name).into_iter().chain(colour).chain('A'..='Z').find(|c| !out.contains(&Some(*c))).unwrap_or('?');
        out[seat] = Some(letter);
    }
    out.into_iter().map(|l| l.unwrap_or('?')).collect()
}

#[cfg(test)]
mod tests {
    use super::seat_letters;

    fn v(names: &[&str]) -> Vec<char> {
        seat_letters(&names.iter().map(|s| s.to_string()).collect::<Vec<_>>(), &['R', 'B', 'Y', 'G', 'K'])
    }

    #[test]
    fn a_player_wears_their_own_initial_where_no_earlier_initial_took_it() {
        // The bot's computer players are "🤖 Moana", "🤖 Maui", …: Maui's second letter no
        // longer takes Ana's initial.
        assert_eq!(v(&["🤖 Moana", "🤖 Maui", "Ana"]), ['M', 'U', 'A']);
        assert_eq!(v(&["Ana", "Bo", "Cy", "Di", "Ed"]), ['A', 'B', 'C', 'D', 'E']);
        assert_eq!(v(&["anna", "Arne", "Al", "bob", "Anna"]), ['A', 'R', 'L', 'B', 'N']);
        assert_eq!(v(&["", "", "", "", ""]), ['R', 'B', 'Y', 'G', 'K'], "unnamed seats: their colour's letter");
        assert_eq!(v(&["K", "K", "K", "K", "K"]), ['K', 'B', 'Y', 'G', 'A'], "then the alphabet");
        assert_eq!(v(&["Ана", "小明"]), ['А', '小']);
        for names in [["x"; 5], ["ab", "ba", "ab", "ba", "ab"]] {
            let l = v(&names);
            let mut d = l.clone();
            d.sort_unstable();
            d.dedup();
            assert_eq!(d.len(), 5, "{names:?} → {l:?}");
        }
    }
}
