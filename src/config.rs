//! Configuration from the environment (and a `.env` file), documented in `.env.example`.

use crate::discord::DiscordConfig;
use crate::store::DEFAULT_DATABASE_URL;

pub struct Config {
    pub discord_token: Option<String>,
    pub database_url: String,
    pub dev_guild: Option<u64>,
    /// Tests only: the base URL of a Discord double (`SOUTHSEAS_DISCORD_API`).
    pub discord_api: Option<String>,
    /// This process's name among several sharing one database (`SOUTHSEAS_INSTANCE`).
    pub instance: String,
}

impl std::fmt::Debug for Config {
    /// Never prints the token.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("discord_token", &self.discord_token.as_ref().map(|_| "<redacted>"))
            .field("database_url", &crate::store::redact(&self.database_url))
            .field("dev_guild", &self.dev_guild)
            .field("discord_api", &self.discord_api)
            .field("instance", &self.instance)
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
        Ok(Config {
            discord_token: var("DISCORD_TOKEN"),
            database_url: var("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.into()),
            dev_guild,
            discord_api: var("SOUTHSEAS_DISCORD_API"),
            instance: var("SOUTHSEAS_INSTANCE").unwrap_or_else(|| crate::service::DEFAULT_INSTANCE.into()),
        })
    }

    pub fn discord(&self) -> Option<DiscordConfig> {
        Some(DiscordConfig { token: self.discord_token.clone()?, dev_guild: self.dev_guild, api_base: self.discord_api.clone() })
    }
}

pub const NO_TOKEN: &str = "DISCORD_TOKEN is not set, so the bot can't connect to Discord.
  • To run the bot: create a Discord application and put its token in a .env file
    (copy .env.example; README.md, section \"Run it on your server\", walks through it).
  • To try it without Discord: cargo run --release -- demo
    (plays a whole game between computer players and writes the boards and a transcript).";
