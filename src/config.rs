//! Configuration from the environment (and a `.env` file), documented in `.env.example`.

use crate::discord::{DiscordConfig, Shards};
use crate::store::DEFAULT_DATABASE_URL;

pub struct Config {
    pub discord_token: Option<String>,
    pub database_url: String,
    pub dev_guild: Option<u64>,
    /// Tests only: the base URL of a Discord double (`SOUTHSEAS_DISCORD_API`).
    pub discord_api: Option<String>,
    /// How long a request to Discord may take (`SOUTHSEAS_DISCORD_TIMEOUT_MS`, default 10 s):
    /// tests that make Discord hang shorten it.
    pub discord_timeout: std::time::Duration,
    /// This process's name among several sharing one database (`SOUTHSEAS_INSTANCE`); by
    /// default derived from the shards, so two processes of one deployment never share it.
    pub instance: String,
    /// The gateway shards this process runs (`SOUTHSEAS_SHARDS`, e.g. `0-3/8`); unset: all
    /// that Discord recommends, in this one process.
    pub shards: Shards,
    /// Whether `serve` registers the slash commands when it runs shard 0
    /// (`SOUTHSEAS_REGISTER=on|off`, default on); `southseas register` does it either way.
    pub register: bool,
    /// Where `serve` serves the web view of every game (`WEB_ADDR`; default 127.0.0.1 on
    /// [`crate::web::DEFAULT_PORT`]; `off`: not at all).
    pub web_addr: Option<std::net::SocketAddr>,
    /// The address the web view is reached at from outside (`PUBLIC_URL`): turn messages and
    /// `/board` link to a game's page under it. Unset: nothing links (the page is still served).
    pub public_url: Option<String>,
    /// Viewers of one game followed live per process (`WEB_MAX_VIEWERS`).
    pub web_max_viewers: usize,
}

impl std::fmt::Debug for Config {
    /// Never prints the token.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("discord_token", &self.discord_token.as_ref().map(|_| "<redacted>"))
            .field("database_url", &crate::store::redact(&self.database_url))
            .field("dev_guild", &self.dev_guild)
            .field("discord_api", &self.discord_api)
            .field("discord_timeout", &self.discord_timeout)
            .field("instance", &self.instance)
            .field("shards", &self.shards)
            .field("register", &self.register)
            .field("web_addr", &self.web_addr)
            .field("public_url", &self.public_url)
            .field("web_max_viewers", &self.web_max_viewers)
            .finish()
    }
}

impl Config {
    /// Reads `.env` if present (without overriding real environment variables), then the
    /// environment.
    pub fn from_env() -> anyhow::Result<Config> {
        let _ = dotenvy::dotenv();
        let var = |name: &str| std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let dev_guild = match var("DEV_GUILD_ID") {
            Some(v) => Some(v.parse().map_err(|_| anyhow::anyhow!("DEV_GUILD_ID must be a server id (a number), not `{v}`"))?),
            None => None,
        };
        let shards = Shards::parse(&var("SOUTHSEAS_SHARDS").unwrap_or_default()).map_err(anyhow::Error::msg)?;
        let register = parse_switch("SOUTHSEAS_REGISTER", var("SOUTHSEAS_REGISTER").as_deref(), true).map_err(anyhow::Error::msg)?;
        let discord_timeout = match var("SOUTHSEAS_DISCORD_TIMEOUT_MS") {
            Some(v) => std::time::Duration::from_millis(
                v.parse().map_err(|_| anyhow::anyhow!("SOUTHSEAS_DISCORD_TIMEOUT_MS must be milliseconds (a number), not `{v}`"))?,
            ),
            None => crate::discord::REQUEST_TIMEOUT,
        };
        let web_addr = web_addr(var("WEB_ADDR").as_deref()).map_err(anyhow::Error::msg)?;
        let public_url = public_url(var("PUBLIC_URL").as_deref()).map_err(anyhow::Error::msg)?;
        let web_max_viewers = match var("WEB_MAX_VIEWERS") {
            Some(v) => v.parse().ok().filter(|&n: &usize| n > 0).ok_or_else(|| {
                anyhow::anyhow!("WEB_MAX_VIEWERS must be a number of viewers (1 or more), not `{}`", v.chars().take(40).collect::<String>())
            })?,
            None => crate::web::DEFAULT_MAX_VIEWERS,
        };
        Ok(Config {
            web_addr,
            public_url,
            web_max_viewers,
            discord_token: var("DISCORD_TOKEN"),
            database_url: var("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.into()),
            dev_guild,
            discord_api: var("SOUTHSEAS_DISCORD_API"),
            discord_timeout,
            instance: var("SOUTHSEAS_INSTANCE").unwrap_or_else(|| shards.default_instance()),
            shards,
            register,
        })
    }

    pub fn discord(&self) -> Option<DiscordConfig> {
        Some(DiscordConfig {
            token: self.discord_token.clone()?,
            dev_guild: self.dev_guild,
            api_base: self.discord_api.clone(),
            shards: self.shards,
            register: self.register,
            request_timeout: self.discord_timeout,
        })
    }
}

/// `WEB_ADDR`: an address and port (`0.0.0.0:8033`, `[::1]:9000`), a port alone (on 127.0.0.1),
/// or `off`; unset: 127.0.0.1 on the default port.
pub fn web_addr(value: Option<&str>) -> Result<Option<std::net::SocketAddr>, String> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else { return Ok(Some(crate::web::default_addr())) };
    if value.eq_ignore_ascii_case("off") {
        return Ok(None);
    }
    if let Ok(port) = value.parse::<u16>() {
        return Ok(Some(std::net::SocketAddr::from(([127, 0, 0, 1], port))));
    }
    value.parse().map(Some).map_err(|_| {
        format!(
            "WEB_ADDR must be an address and port (127.0.0.1:8033), a port, or off, not `{}`",
            value.chars().take(60).collect::<String>()
        )
    })
}

/// `PUBLIC_URL`: an http(s) address, kept without its trailing slash.
pub fn public_url(value: Option<&str>) -> Result<Option<String>, String> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else { return Ok(None) };
    let rest = value.strip_prefix("https://").or_else(|| value.strip_prefix("http://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains(char::is_whitespace) && !host.contains(['?', '#']) => {
            Ok(Some(value.trim_end_matches('/').to_string()))
        }
        _ => Err(format!(
            "PUBLIC_URL must be the web view's address from outside, like https://bot.example.org, not `{}`",
            value.chars().take(60).collect::<String>()
        )),
    }
}

/// The environment variable that allows `serve --fast-clock`, and the one value that does.
pub const ALLOW_FAST_CLOCK: &str = "SOUTHSEAS_ALLOW_FAST_CLOCK";
pub const ALLOW_FAST_CLOCK_VALUE: &str = "testing-only";

/// The speed of `serve --fast-clock N` (for acceptance testing only), checked against
/// [`ALLOW_FAST_CLOCK`]: refused unless that is set to [`ALLOW_FAST_CLOCK_VALUE`], so that a
/// flag left in a deployment script can never make real games' deadlines come early.
pub fn fast_clock(speed: Option<u32>, allow: Option<&str>) -> Result<Option<u32>, String> {
    let Some(speed) = speed else { return Ok(None) };
    if allow.map(str::trim) != Some(ALLOW_FAST_CLOCK_VALUE) {
        return Err(format!(
            "`--fast-clock` is for acceptance testing only: reminders and deadlines would come early in real games. \
             On a test server, also set {ALLOW_FAST_CLOCK}={ALLOW_FAST_CLOCK_VALUE}."
        ));
    }
    if speed < 2 {
        return Err("`--fast-clock` takes a speed of 2 or more (3600: an hour passes in a second).".into());
    }
    Ok(Some(speed))
}

/// An on/off setting: `on`/`off` (also `true`/`false`, `yes`/`no`, `1`/`0`), any case; unset
/// means `default`. Anything else is a startup error rather than a guess.
pub fn parse_switch(name: &str, value: Option<&str>, default: bool) -> Result<bool, String> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else { return Ok(default) };
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(format!("{name} must be on or off, not `{}`", value.chars().take(40).collect::<String>())),
    }
}

pub const NO_TOKEN: &str = "DISCORD_TOKEN is not set, so the bot can't connect to Discord.
  • To run the bot: create a Discord application and put its token in a .env file
    (copy .env.example; README.md, section \"Run it on your server\", walks through it).
  • To try it without Discord: cargo run --release -- demo
    (plays a whole game between computer players and writes the boards and a transcript).";

#[cfg(test)]
mod tests {
    use super::{ALLOW_FAST_CLOCK, fast_clock, parse_switch, public_url, web_addr};

    #[test]
    fn the_web_address_is_an_address_a_port_or_off() {
        assert_eq!(web_addr(None), Ok(Some(crate::web::default_addr())));
        assert_eq!(web_addr(Some(" ")), Ok(Some(crate::web::default_addr())));
        assert_eq!(web_addr(Some("off")), Ok(None));
        assert_eq!(web_addr(Some("9000")), Ok(Some("127.0.0.1:9000".parse().unwrap())));
        assert_eq!(web_addr(Some("0.0.0.0:80")), Ok(Some("0.0.0.0:80".parse().unwrap())));
        assert_eq!(web_addr(Some("[::1]:8033")), Ok(Some("[::1]:8033".parse().unwrap())));
        for bad in ["localhost", "1.2.3.4", "70000", "on"] {
            assert!(web_addr(Some(bad)).unwrap_err().contains("WEB_ADDR"), "{bad}");
        }
    }

    #[test]
    fn the_public_url_is_an_http_address() {
        assert_eq!(public_url(None), Ok(None));
        assert_eq!(public_url(Some("https://bot.example.org/")), Ok(Some("https://bot.example.org".into())));
        assert_eq!(public_url(Some("http://10.0.0.2:8033/southseas")), Ok(Some("http://10.0.0.2:8033/southseas".into())));
        for bad in ["bot.example.org", "ftp://x", "https://", "https://a b", "https://x/?q"] {
            assert!(public_url(Some(bad)).unwrap_err().contains("PUBLIC_URL"), "{bad}");
        }
    }

    #[test]
    fn a_fast_clock_is_refused_unless_explicitly_allowed_for_testing() {
        assert_eq!(fast_clock(None, None), Ok(None));
        assert_eq!(fast_clock(None, Some("testing-only")), Ok(None), "the variable alone changes nothing");
        for allow in [None, Some(""), Some("yes"), Some("1"), Some("on")] {
            let why = fast_clock(Some(3600), allow).unwrap_err();
            assert!(why.contains("testing only") && why.contains(ALLOW_FAST_CLOCK), "{allow:?}: {why}");
        }
        assert_eq!(fast_clock(Some(3600), Some("testing-only")), Ok(Some(3600)));
        assert_eq!(fast_clock(Some(60), Some(" testing-only ")), Ok(Some(60)));
        assert!(fast_clock(Some(1), Some("testing-only")).is_err(), "a speed of 1 is no fast clock");
        assert!(fast_clock(Some(0), Some("testing-only")).is_err());
    }

    #[test]
    fn switches_are_on_or_off_and_nothing_else() {
        assert_eq!(parse_switch("X", None, true), Ok(true));
        assert_eq!(parse_switch("X", Some("  "), false), Ok(false));
        assert_eq!(parse_switch("X", Some("off"), true), Ok(false));
        assert_eq!(parse_switch("X", Some("OFF"), true), Ok(false));
        assert_eq!(parse_switch("X", Some("on"), false), Ok(true));
        assert_eq!(parse_switch("X", Some("0"), true), Ok(false));
        for bad in ["of", "disabled", "ön", "2"] {
            let error = parse_switch("SOUTHSEAS_REGISTER", Some(bad), true).expect_err(bad);
            assert!(error.contains("SOUTHSEAS_REGISTER") && error.contains(bad), "{error}");
        }
    }
}
