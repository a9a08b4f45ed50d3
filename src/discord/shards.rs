//! Which gateway shards this process runs (`SOUTHSEAS_SHARDS`), and starting them.
//!
//! Discord sends a guild's events to the one shard `(guild_id >> 22) % shard_count`. A bot in
//! thousands of servers runs several processes, each with a range of the shards, all sharing
//! one database; any process may then post what another one owes (the outbox).

use poise::serenity_prelude as serenity;
use std::fmt;

/// The shards this process runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord recommends (`GET /gateway/bot`), all in this process: one process.
    Auto,
    /// Shards `first..=last` of `total`.
    Range { first: u32, last: u32, total: u32 },
}

/// More shards than any bot has: Discord caps a shard at 2,500 guilds, so this covers 40
/// million servers. It keeps a typo (an extra digit) from asking for a million connections.
pub const MAX_SHARDS: u32 = 16_384;

impl Shards {
    /// Parses `FIRST-LAST/TOTAL` (`0-3/8`: shards 0, 1, 2 and 3 of 8) or `ID/TOTAL` (`5/8`);
    /// `auto` or nothing means [`Shards::Auto`]. Strict: digits only, `FIRST ≤ LAST < TOTAL`.
    pub fn parse(text: &str) -> Result<Shards, String> {
        let text = text.trim();
        if text.is_empty() || text.eq_ignore_ascii_case("auto") {
            return Ok(Shards::Auto);
        }
        let shown: String = text.chars().take(40).collect();
        let bad = |why: &str| {
            format!("SOUTHSEAS_SHARDS=`{shown}`: {why} (expected FIRST-LAST/TOTAL such as 0-3/8, ID/TOTAL such as 5/8, or auto)")
        };
        let number = |part: &str, what: &str| -> Result<u32, String> {
            // `u32::from_str` would accept a leading `+`; only plain digits are a shard number.
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad(&format!("the {what} is not a number")));
            }
            part.parse().map_err(|_| bad(&format!("the {what} is too large")))
        };
        let Some((range, total)) = text.split_once('/') else { return Err(bad("no `/TOTAL`")) };
        let total = number(total, "shard count")?;
        let (first, last) = match range.split_once('-') {
            Some((first, last)) => (number(first, "first shard")?, number(last, "last shard")?),
            None => {
                let id = number(range, "shard id")?;
                (id, id)
            }
        };
        if total == 0 {
            return Err(bad("the shard count must be at least 1"));
        }
        if total > MAX_SHARDS {
            return Err(bad(&format!("more than {MAX_SHARDS} shards")));
        }
        if first > last {
            return Err(bad("the first shard comes after the last"));
        }
        if last >= total {
            return Err(bad(&format!("shard ids run from 0 to {} for {}", total - 1, crate::service::reply::count(total, "shard"))));
        }
        Ok(Shards::Range { first, last, total })
    }

    /// Whether this process runs shard 0, the one designated to register the slash commands:
    /// exactly one process of a deployment does, so they are registered once per start.
    pub fn runs_designated_shard(&self) -> bool {
        match self {
            Shards::Auto => true,
            Shards::Range { first, .. } => *first == 0,
        }
    }

    /// The instance name of a process given none: distinct per shard range, so two processes
    /// of one deployment never share a name by accident (a process starting under a name
    /// releases that name's outbox claims at once, which would take over the live other's).
    pub fn default_instance(&self) -> String {
        match self {
            Shards::Auto => crate::service::DEFAULT_INSTANCE.to_string(),
            Shards::Range { first, last, .. } if first == last => format!("shards-{first}"),
            Shards::Range { first, last, .. } => format!("shards-{first}-{last}"),
        }
    }

    /// Connects the client's shards and runs until they stop.
    pub async fn start(&self, client: &mut serenity::Client) -> serenity::Result<()> {
        match *self {
            Shards::Auto => client.start_autosharded().await,
            Shards::Range { first, last, total } if first == 0 && last + 1 == total => client.start_shards(total).await,
            Shards::Range { first, last, total } if first == last => client.start_shard(first, total).await,
            // serenity 0.12 takes the range's end as the last shard *included* (its
            // `start_connection(range.start, range.end, total)` boots `end - start + 1` shards).
            Shards::Range { first, last, total } => client.start_shard_range(first..last, total).await,
        }
    }
}

impl fmt::Display for Shards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shards::Auto => f.write_str("auto (as many as Discord recommends, all here)"),
            Shards::Range { first, last, total } if first == last => write!(f, "{first} of {total}"),
            Shards::Range { first, last, total } => write!(f, "{first}-{last} of {total}"),
        }
    }
}

/// The shard a guild's events go to, as Discord computes it.
pub fn shard_of(guild_id: u64, total: u32) -> u32 {
    ((guild_id >> 22) % u64::from(total.max(1))) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_values_parse() {
        assert_eq!(Shards::parse(""), Ok(Shards::Auto));
        assert_eq!(Shards::parse(" auto "), Ok(Shards::Auto));
        assert_eq!(Shards::parse("0-3/8"), Ok(Shards::Range { first: 0, last: 3, total: 8 }));
        assert_eq!(Shards::parse("4-7/8"), Ok(Shards::Range { first: 4, last: 7, total: 8 }));
        assert_eq!(Shards::parse("5/8"), Ok(Shards::Range { first: 5, last: 5, total: 8 }));
        assert_eq!(Shards::parse("0-0/1"), Ok(Shards::Range { first: 0, last: 0, total: 1 }));
        assert_eq!(Shards::parse("1-1/2"), Ok(Shards::Range { first: 1, last: 1, total: 2 }));
    }

    #[test]
    fn bad_values_are_refused_with_the_reason() {
        for (text, why) in [
            ("8", "no `/TOTAL`"),
            ("0-3", "no `/TOTAL`"),
            ("0-3/0", "at least 1"),
            ("3-0/8", "comes after"),
            ("0-8/8", "from 0 to 7"),
            ("8/8", "from 0 to 7 for 8 shards ("),
            ("1/1", "from 0 to 0 for 1 shard ("),
            ("0-3/", "shard count is not a number"),
            ("-3/8", "first shard is not a number"),
            ("0-/8", "last shard is not a number"),
            ("+1/8", "shard id is not a number"),
            ("0 - 3/8", "not a number"),
            ("0-3/8/2", "shard count is not a number"),
            ("a-b/c", "not a number"),
            ("٣/٨", "not a number"),
            ("0-3/99999999999", "too large"),
            ("0-3/20000", "more than 16384"),
            ("0-3/8\u{200b}", "not a number"),
        ] {
            let error = Shards::parse(text).expect_err(text);
            assert!(error.contains(why), "{text}: {error}");
            assert!(error.contains("SOUTHSEAS_SHARDS"), "{error}");
        }
        // A long value is quoted briefly.
        let error = Shards::parse(&"9".repeat(5000)).expect_err("long");
        assert!(error.len() < 300, "{error}");
    }

    #[test]
    fn default_instance_names_differ_per_range() {
        let name = |s: &str| Shards::parse(s).unwrap().default_instance();
        assert_eq!(name(""), crate::service::DEFAULT_INSTANCE);
        assert_eq!(name("0-3/8"), "shards-0-3");
        assert_eq!(name("4-7/8"), "shards-4-7");
        assert_eq!(name("1/2"), "shards-1");
        assert_ne!(name("0/2"), name("1/2"));
    }

    #[test]
    fn only_a_range_from_shard_0_registers() {
        assert!(Shards::Auto.runs_designated_shard());
        assert!(Shards::parse("0-3/8").unwrap().runs_designated_shard());
        assert!(!Shards::parse("4-7/8").unwrap().runs_designated_shard());
    }

    #[test]
    fn guilds_map_to_shards_as_on_discord() {
        // The snowflake's timestamp part (id >> 22) picks the shard; its low bits play no part.
        assert_eq!(shard_of(41_771_983_423_143_937, 1), 0);
        assert_eq!(shard_of((3 << 22) | 0x3f_ffff, 2), 1);
        assert_eq!(shard_of(3 << 22, 2), 1);
        assert_eq!(shard_of(4 << 22, 2), 0);
        assert_eq!(shard_of(5, 0), 0);
    }
}
