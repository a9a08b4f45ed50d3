//! Proves the Discord double speaks the protocol as serenity 0.12 expects it, with a minimal
//! serenity bot (not the project's): every payload the double makes deserialises into serenity's
//! types, and a real serenity client identifies, registers commands, answers slash commands (with
//! a PNG), buttons (ephemeral), select menus (message update) and autocomplete, defers and follows
//! up, edits, posts to the channel, survives a dropped connection (RESUME) and is replaced by a
//! second bot instance after a restart.

use super::discord_double::{self as dd, Double, Member, Options, ResponseKind, callback};
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use serenity::{
    CommandOptionType, ComponentInteractionDataKind, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateAutocompleteResponse,
    CreateButton, CreateCommand, CreateCommandOption, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse,
    ResolvedValue,
};
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn png() -> Vec<u8> {
    let image = image::RgbImage::from_pixel(3, 2, image::Rgb([10, 120, 200]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Png).expect("encode PNG");
    bytes.into_inner()
}

fn alice() -> Member {
    Member::new(1_150_000_000_000_001_001, "alice")
}

fn bob() -> Member {
    Member::new(1_150_000_000_000_001_002, "bob")
}

#[test]
fn serenity_deserialises_every_payload_the_double_makes() {
    let ready: serenity::Ready =
        serde_json::from_value(dd::ready_json("s", "ws://127.0.0.1:1/gateway", json!([0, 1]), &[dd::GUILD_ID])).expect("READY");
    assert_eq!(ready.user.id.get(), dd::BOT_USER_ID);
    assert_eq!(ready.application.id.get(), dd::APPLICATION_ID);
    assert!(ready.guilds[0].unavailable);

    let guild: serenity::GuildCreateEvent = serde_json::from_value(dd::guild_json(dd::DEFAULT_APP_PERMISSIONS)).expect("GUILD_CREATE");
    let channel = &guild.guild.channels[&serenity::ChannelId::new(dd::CHANNEL_ID)];
    assert_eq!(channel.name, dd::CHANNEL_NAME);
    assert_eq!(channel.guild_id.get(), dd::GUILD_ID);
    assert!(guild.guild.members.contains_key(&serenity::UserId::new(dd::BOT_USER_ID)));

    let channel: serenity::GuildChannel = serde_json::from_value(dd::channel_json(dd::CHANNEL_ID)).expect("channel");
    assert_eq!(channel.kind, serenity::ChannelType::Text);
    let dm: serenity::PrivateChannel =
        serde_json::from_value(dd::dm_channel_json(7, dd::user_json(alice().id, "alice", None))).expect("DM channel");
    assert_eq!((dm.kind, dm.recipient.id.get()), (serenity::ChannelType::Private, alice().id));
    let _: serenity::CurrentUser = serde_json::from_value(dd::bot_user_json()).expect("current user");
    let _: serenity::CurrentApplicationInfo = serde_json::from_value(dd::application_json()).expect("application");

    // Whole gateway frames, as the shard reads them. A dispatch that does not deserialise does not
    // fail: serenity turns it into `Event::Unknown` and no handler runs, so check the variants.
    let gateway = |frame: Value| serde_json::from_value::<serenity::GatewayEvent>(frame.clone()).unwrap_or_else(|e| panic!("{frame}: {e}"));
    assert!(matches!(
        gateway(json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": 41250}})),
        serenity::GatewayEvent::Hello(41250)
    ));
    assert!(matches!(gateway(json!({"op": 11, "s": null, "t": null, "d": null})), serenity::GatewayEvent::HeartbeatAck));
    assert!(matches!(gateway(json!({"op": 9, "s": null, "t": null, "d": false})), serenity::GatewayEvent::InvalidateSession(false)));
    let dispatch = |t: &str, d: Value| gateway(json!({"op": 0, "s": 1, "t": t, "d": d}));
    let ready = dispatch("READY", dd::ready_json("s", "ws://x/gateway", json!([0, 1]), &[dd::GUILD_ID]));
    assert!(matches!(ready, serenity::GatewayEvent::Dispatch(1, serenity::Event::Ready(_))), "{ready:?}");
    let guild = dispatch("GUILD_CREATE", dd::guild_json(8));
    assert!(matches!(guild, serenity::GatewayEvent::Dispatch(_, serenity::Event::GuildCreate(_))), "{guild:?}");
    let resumed = dispatch("RESUMED", json!({}));
    assert!(matches!(resumed, serenity::GatewayEvent::Dispatch(_, serenity::Event::Resumed(_))), "{resumed:?}");
    let mut board = dd::slash("board", &alice()).to_json();
    board["data"]["id"] = json!("5");
    let interaction = dispatch("INTERACTION_CREATE", board);
    assert!(matches!(interaction, serenity::GatewayEvent::Dispatch(_, serenity::Event::InteractionCreate(_))), "{interaction:?}");

    // `Double::interact` fills in `data.id` (the registered command's id) and `app_permissions`.
    let mut slash = dd::slash("place", &alice()).string("spot", "A1 north").integer("count", 2).user("who", &bob()).to_json();
    slash["data"]["id"] = json!("5");
    slash["app_permissions"] = json!("2048");
    let serenity::Interaction::Command(command) = serde_json::from_value(slash).expect("slash command") else { panic!("not a command") };
    assert_eq!(command.user.name, "alice");
    assert_eq!(command.member.as_ref().expect("member").guild_id.get(), dd::GUILD_ID);
    let options = command.data.options();
    assert!(matches!(options[0].value, ResolvedValue::String("A1 north")));
    assert!(matches!(options[1].value, ResolvedValue::Integer(2)));
    assert!(matches!(options[2].value, ResolvedValue::User(user, Some(_)) if user.name == "bob"));

    let mut sub = dd::slash("game", &alice()).subcommand("start").boolean("retrieve", true).to_json();
    sub["data"]["id"] = json!("6");
    let serenity::Interaction::Command(command) = serde_json::from_value(sub).expect("subcommand") else { panic!("not a command") };
    assert!(matches!(&command.data.options()[0].value, ResolvedValue::SubCommand(opts) if opts[0].name == "retrieve"));

    let mut ac = dd::autocomplete("place", &alice()).focused("spot", "A1").to_json();
    ac["data"]["id"] = json!("5");
    let serenity::Interaction::Autocomplete(ac) = serde_json::from_value(ac).expect("autocomplete") else { panic!("not autocomplete") };
    let focused = ac.data.autocomplete().expect("focused option");
    assert_eq!((focused.name, focused.value), ("spot", "A1"));

    let mut click = dd::button("join:1", &alice()).to_json();
    click["message"] = dd::stub_message(dd::CHANNEL_ID, "join:1");
    let serenity::Interaction::Component(click) = serde_json::from_value(click).expect("button") else { panic!("not a component") };
    assert_eq!(click.data.custom_id, "join:1");
    assert!(matches!(click.data.kind, ComponentInteractionDataKind::Button));

    let mut pick = dd::select("pick:1", &["s"], &alice()).to_json();
    pick["message"] = dd::stub_message(dd::CHANNEL_ID, "pick:1");
    let serenity::Interaction::Component(pick) = serde_json::from_value(pick).expect("select") else { panic!("not a component") };
    assert!(matches!(&pick.data.kind, ComponentInteractionDataKind::StringSelect { values } if values == &["s"]));

    assert_eq!(dd::mentioned_ids("hi <@12> and <@!34>, not <@x> or <@56"), vec![12, 34]);
    assert!(dd::timestamp().parse::<serenity::Timestamp>().is_ok(), "{}", dd::timestamp());
}

/// What the test bot saw and any error it hit.
#[derive(Default)]
struct Seen {
    events: Mutex<Vec<String>>,
    errors: Mutex<Vec<String>>,
}

impl Seen {
    fn push(&self, event: String) {
        self.events.lock().unwrap().push(event);
    }

    fn events(&self) -> Vec<String> {
        self.events.lock().unwrap().clone()
    }

    fn errors(&self) -> Vec<String> {
        self.errors.lock().unwrap().clone()
    }
}

/// A minimal serenity bot.
struct TestBot {
    tag: &'static str,
    seen: Arc<Seen>,
}

#[serenity::async_trait]
impl serenity::EventHandler for TestBot {
    async fn ready(&self, ctx: serenity::Context, ready: serenity::Ready) {
        self.seen.push(format!("ready {} {}", ready.user.name, ready.session_id));
        let guild_commands = vec![
            CreateCommand::new("board").description("Show the board"),
            CreateCommand::new("place")
                .description("Place the tile")
                .add_option(CreateCommandOption::new(CommandOptionType::String, "spot", "Where").required(true).set_autocomplete(true))
                .add_option(CreateCommandOption::new(CommandOptionType::Integer, "count", "How many"))
                .add_option(CreateCommandOption::new(CommandOptionType::User, "who", "Who")),
        ];
        if let Err(e) = serenity::GuildId::new(dd::GUILD_ID).set_commands(&ctx.http, guild_commands).await {
            self.seen.errors.lock().unwrap().push(format!("guild commands: {e}"));
        }
        let global = vec![CreateCommand::new("help").description("Help")];
        match serenity::Command::set_global_commands(&ctx.http, global).await {
            Ok(commands) => self.seen.push(format!("global commands {}", commands.len())),
            Err(e) => self.seen.errors.lock().unwrap().push(format!("global commands: {e}")),
        }
    }

    async fn guild_create(&self, _ctx: serenity::Context, guild: serenity::Guild, _is_new: Option<bool>) {
        let channels: Vec<String> = guild.channels.values().map(|c| c.name.clone()).collect();
        self.seen.push(format!("guild {} {:?}", guild.id, channels));
    }

    async fn resume(&self, _ctx: serenity::Context, _: serenity::ResumedEvent) {
        self.seen.push("resumed".to_string());
    }

    async fn interaction_create(&self, ctx: serenity::Context, interaction: serenity::Interaction) {
        if let Err(e) = self.handle(&ctx, interaction).await {
            self.seen.errors.lock().unwrap().push(e.to_string());
        }
    }
}

impl TestBot {
    async fn handle(&self, ctx: &serenity::Context, interaction: serenity::Interaction) -> serenity::Result<()> {
        match interaction {
            serenity::Interaction::Command(cmd) if cmd.data.name == "board" => {
                let message = CreateInteractionResponseMessage::new()
                    .content(format!("hi from {}", self.tag))
                    .add_file(CreateAttachment::bytes(png(), "board.png"))
                    .components(vec![
                        CreateActionRow::Buttons(vec![CreateButton::new("join:1").label("Join")]),
                        CreateActionRow::SelectMenu(CreateSelectMenu::new(
                            "pick:1",
                            CreateSelectMenuKind::String {
                                options: vec![CreateSelectMenuOption::new("North", "n"), CreateSelectMenuOption::new("South", "s")],
                            },
                        )),
                    ]);
                cmd.create_response(&ctx.http, CreateInteractionResponse::Message(message)).await?;
                let original = cmd.get_response(&ctx.http).await?;
                self.seen.push(format!("original {} {}", original.id, original.attachments[0].filename));
            }
            serenity::Interaction::Command(cmd) if cmd.data.name == "place" => {
                let mut spot = String::new();
                let mut who = None;
                for option in cmd.data.options() {
                    match option.value {
                        ResolvedValue::String(s) => spot = s.to_string(),
                        ResolvedValue::Integer(n) => self.seen.push(format!("count {n}")),
                        ResolvedValue::User(user, _) => who = Some(user.id),
                        _ => {}
                    }
                }
                let who = who.expect("who");
                cmd.defer(&ctx.http).await?;
                let filled = cmd
                    .create_followup(
                        &ctx.http,
                        CreateInteractionResponseFollowup::new()
                            .content(format!("<@{who}> placed at {spot}"))
                            .allowed_mentions(CreateAllowedMentions::new().users(vec![who]))
                            .add_file(CreateAttachment::bytes(png(), "turn.png")),
                    )
                    .await?;
                let edited =
                    cmd.edit_response(&ctx.http, EditInteractionResponse::new().content(format!("<@{who}> placed at {spot}!"))).await?;
                let extra = cmd
                    .create_followup(&ctx.http, CreateInteractionResponseFollowup::new().content("just for you").ephemeral(true))
                    .await?;
                let note = cmd.channel_id.say(&ctx.http, "a channel note").await?;
                let channel = ctx.http.get_channel(cmd.channel_id).await?;
                self.seen.push(format!(
                    "place filled={} edited={} extra={} note={} channel={}",
                    filled.id,
                    edited.id,
                    extra.id,
                    note.id,
                    channel.guild().map(|c| c.name).unwrap_or_default()
                ));
            }
            serenity::Interaction::Autocomplete(ac) => {
                let typed = ac.data.autocomplete().map(|o| o.value.to_lowercase()).unwrap_or_default();
                let mut response = CreateAutocompleteResponse::new();
                for spot in ["A1 north", "A2 east", "B1 south"] {
                    if spot.to_lowercase().contains(&typed) {
                        response = response.add_string_choice(spot, spot);
                    }
                }
                ac.create_response(&ctx.http, CreateInteractionResponse::Autocomplete(response)).await?;
            }
            serenity::Interaction::Component(c) => match &c.data.kind {
                ComponentInteractionDataKind::Button => {
                    self.seen.push(format!("button {} on {}", c.data.custom_id, c.message.id));
                    let reply = CreateInteractionResponseMessage::new().content(format!("only you, {}", c.user.name)).ephemeral(true);
                    c.create_response(&ctx.http, CreateInteractionResponse::Message(reply)).await?;
                }
                ComponentInteractionDataKind::StringSelect { values } => {
                    let update = CreateInteractionResponseMessage::new().content(format!("picked {}", values.join(","))).components(vec![]);
                    c.create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update)).await?;
                }
                _ => {}
            },
            _ => {}
        }
        Ok(())
    }
}

struct RunningBot {
    seen: Arc<Seen>,
    shard_manager: Arc<serenity::ShardManager>,
    task: tokio::task::JoinHandle<serenity::Result<()>>,
}

async fn start_bot(double: &Double, tag: &'static str) -> RunningBot {
    let seen = Arc::new(Seen::default());
    let mut client = serenity::ClientBuilder::new_with_http(double.http(dd::TOKEN), serenity::GatewayIntents::non_privileged())
        .event_handler(TestBot { tag, seen: seen.clone() })
        .await
        .expect("build the serenity client");
    let shard_manager = client.shard_manager.clone();
    let task = tokio::spawn(async move { client.start().await });
    RunningBot { seen, shard_manager, task }
}

/// Waits (at most 20 s) until the bot has seen an event starting with `prefix`.
async fn wait_event(seen: &Seen, prefix: &str) -> String {
    for _ in 0..400 {
        if let Some(event) = seen.events().into_iter().find(|e| e.starts_with(prefix)) {
            return event;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the test bot never saw {prefix:?}; it saw {:?}, errors {:?}", seen.events(), seen.errors());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_serenity_bot_plays_through_the_double() {
    let double = Double::start_with(Options { heartbeat_interval: Duration::from_millis(300), ..Options::default() }).await;
    let bot = start_bot(&double, "bot1").await;

    let identify = double.wait_for_identify().await;
    assert!(identify["token"].as_str().unwrap().ends_with(dd::TOKEN), "{identify}");
    assert_eq!(identify["compress"], true, "serenity asks for payload compression; the double answers in plain text");
    assert!(double.gateway_queries()[0].contains("v=10"), "{:?}", double.gateway_queries());
    wait_event(&bot.seen, "ready southseas").await;
    let guild = wait_event(&bot.seen, "guild ").await;
    assert!(guild.contains(dd::CHANNEL_NAME), "{guild}");
    wait_event(&bot.seen, "global commands 1").await;
    let commands = double.commands();
    assert_eq!(commands.len(), 2, "{commands:?}");
    let guild_commands = commands.iter().find(|c| c.guild_id == Some(dd::GUILD_ID)).expect("guild commands");
    assert_eq!(guild_commands.names(), ["board", "place"]);
    assert_eq!(guild_commands.command("place").unwrap()["options"][0]["autocomplete"], true);
    assert!(commands.iter().any(|c| c.guild_id.is_none() && c.names() == ["help"]));

    // A slash command answered with a PNG and components.
    let board = double.interact(dd::slash("board", &alice())).await;
    let rs = double.wait_response(board, 1).await;
    let r = &rs[0];
    assert_eq!((r.kind, r.callback_type), (ResponseKind::Callback, Some(callback::MESSAGE)));
    assert_eq!(r.content.as_deref(), Some("hi from bot1"));
    assert_eq!(r.flags, 0);
    assert!(!r.is_ephemeral());
    assert_eq!(r.attachments.len(), 1);
    assert_eq!(r.attachments[0].filename, "board.png");
    assert_eq!(r.attachments[0].bytes, png());
    assert!(r.attachments[0].is_png());
    assert_eq!(r.custom_ids(), ["join:1", "pick:1"]);
    let original_id = r.message_id.expect("original message");
    let seen_original = wait_event(&bot.seen, "original ").await;
    assert_eq!(seen_original, format!("original {original_id} board.png"));
    let original = double.original_message(board).expect("original");
    let url = original["attachments"][0]["url"].as_str().unwrap().to_string();
    assert!(url.starts_with(&double.url()), "{url}");

    // A button on that message: an ephemeral reply; the double put the clicked message in.
    let click = double.interact(dd::button("join:1", &alice())).await;
    let r = double.wait_callback(click).await;
    assert_eq!(r.callback_type, Some(callback::MESSAGE));
    assert_eq!(r.content.as_deref(), Some("only you, alice"));
    assert_eq!(r.flags, dd::EPHEMERAL);
    assert!(r.is_ephemeral());
    assert_eq!(wait_event(&bot.seen, "button ").await, format!("button join:1 on {original_id}"));

    // A select menu: the message is updated in place.
    let pick = double.interact(dd::select("pick:1", &["s"], &bob())).await;
    let r = double.wait_callback(pick).await;
    assert_eq!(r.callback_type, Some(callback::UPDATE_MESSAGE));
    assert_eq!(r.message_id, Some(original_id));
    let updated = double.message(original_id).unwrap();
    assert_eq!(updated["content"], "picked s");
    assert_eq!(updated["components"], json!([]));
    // serenity always sends `attachments: []` with UPDATE_MESSAGE, which tells Discord to drop the
    // message's files: the double does the same.
    assert_eq!(r.data["attachments"], json!([]));
    assert_eq!(updated["attachments"], json!([]));

    // Autocomplete: filtered choices.
    let ac = double.interact(dd::autocomplete("place", &alice()).focused("spot", "a")).await;
    let r = double.wait_callback(ac).await;
    assert_eq!(r.callback_type, Some(callback::AUTOCOMPLETE));
    let names: Vec<String> = r.choices().into_iter().map(|(name, _)| name).collect();
    assert_eq!(names, ["A1 north", "A2 east"]);
    let ac = double.interact(dd::autocomplete("place", &alice()).focused("spot", "south")).await;
    assert_eq!(double.wait_callback(ac).await.choices(), [("B1 south".to_string(), json!("B1 south"))]);

    // Deferred, then a follow-up with a file and a mention, an edit, an ephemeral follow-up, and
    // a channel message.
    let place = double.interact(dd::slash("place", &alice()).string("spot", "A1 north").integer("count", 2).user("who", &bob())).await;
    let rs = double.wait_response(place, 4).await;
    let kinds: Vec<_> = rs.iter().map(|r| (r.kind, r.callback_type)).collect();
    assert_eq!(
        kinds,
        [
            (ResponseKind::Callback, Some(callback::DEFERRED_MESSAGE)),
            (ResponseKind::Followup, None),
            (ResponseKind::EditOriginal, None),
            (ResponseKind::Followup, None)
        ]
    );
    let bob_id = bob().id;
    assert_eq!(rs[1].mentioned_users(), [bob_id]);
    assert_eq!(rs[1].allowed_user_mentions(), Some(vec![bob_id]));
    assert_eq!(rs[1].attachments[0].filename, "turn.png");
    assert_eq!(rs[1].message_id, rs[0].message_id, "the first follow-up fills in the deferred message");
    assert!(rs[3].is_ephemeral());
    assert_ne!(rs[3].message_id, rs[0].message_id);
    let notes = double.wait_channel_messages(1).await;
    assert_eq!((notes[0].kind, notes[0].content.as_deref()), (ResponseKind::ChannelMessage, Some("a channel note")));
    let place_event = wait_event(&bot.seen, "place ").await;
    let (filled, extra) = (rs[1].message_id.unwrap(), rs[3].message_id.unwrap());
    assert_eq!(
        place_event,
        format!("place filled={filled} edited={filled} extra={extra} note={} channel={}", notes[0].message_id.unwrap(), dd::CHANNEL_NAME)
    );
    assert!(bot.seen.events().contains(&"count 2".to_string()));
    let original = double.original_message(place).unwrap();
    assert_eq!(original["content"], format!("<@{bob_id}> placed at A1 north!"));
    assert_eq!(original["flags"], 0, "no longer loading");

    // Heartbeats were ACKed: serenity never reconnected.
    double.wait_for_heartbeats(2).await;
    assert_eq!(double.identifies().len(), 1);
    assert_eq!(double.resumes(), 0);
    assert!(bot.seen.errors().is_empty(), "{:?}", bot.seen.errors());
    double.assert_no_unexpected();

    bot.shard_manager.shutdown_all().await;
    double.wait_for_no_connection().await;
    let _ = bot.task.await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_double_refuses_what_discord_would_refuse() {
    let double = Double::start().await;
    let http = double.http(dd::TOKEN);
    let bot = start_bot(&double, "bot1").await;
    double.wait_for_identify().await;

    // A second callback for an answered interaction.
    let board = double.interact(dd::slash("board", &alice())).await;
    double.wait_callback(board).await;
    let token = double.interaction(board).unwrap()["token"].as_str().unwrap().to_string();
    let again = CreateInteractionResponse::Message(CreateInteractionResponseMessage::new().content("again"));
    let err = http.create_interaction_response(serenity::InteractionId::new(board), &token, &again, vec![]).await;
    assert!(err.is_err());
    // A route the double does not serve.
    assert!(http.get_guild_roles(serenity::GuildId::new(dd::GUILD_ID)).await.is_err());
    let unexpected = double.unexpected();
    assert_eq!(unexpected.len(), 2, "{unexpected:#?}");
    assert_eq!(unexpected[0].reason, "second callback for one interaction");
    assert!(unexpected[1].path.ends_with("/roles"), "{unexpected:?}");

    // Over Discord's limits: 2,001 characters, six rows, an 81-character label, 26 options.
    let channel = serenity::ChannelId::new(dd::CHANNEL_ID);
    // (serenity's builder refuses 2,001 characters itself: send the raw body.)
    let long = serde_json::json!({ "content": "x".repeat(2001) });
    assert!(http.send_message(channel, vec![], &long).await.is_err());
    let row = || CreateActionRow::Buttons(vec![CreateButton::new("b").label("b")]);
    let rows = serenity::CreateMessage::new().content("rows").components((0..6).map(|_| row()).collect());
    assert!(channel.send_message(&http, rows).await.is_err());
    let label =
        serenity::CreateMessage::new().components(vec![CreateActionRow::Buttons(vec![CreateButton::new("b").label("l".repeat(81))])]);
    assert!(channel.send_message(&http, label).await.is_err());
    let options = (0..26).map(|i| CreateSelectMenuOption::new(format!("o{i}"), format!("v{i}"))).collect();
    let menu = CreateSelectMenu::new("m", CreateSelectMenuKind::String { options });
    let menu = serenity::CreateMessage::new().components(vec![CreateActionRow::SelectMenu(menu)]);
    assert!(channel.send_message(&http, menu).await.is_err());
    let reasons: Vec<String> = double.unexpected().into_iter().skip(2).map(|u| u.reason).collect();
    assert_eq!(reasons.len(), 4, "{reasons:#?}");
    assert!(reasons.iter().all(|r| r.starts_with("over Discord's limits")), "{reasons:#?}");
    // A file over the upload limit every server allows (413, code 40005); one at it is taken.
    let file = |bytes: usize| serenity::CreateAttachment::bytes(vec![7u8; bytes], "big.gif");
    let over = serenity::CreateMessage::new().content("big").add_file(file(dd::MAX_UPLOAD_BYTES + 1));
    let refused = channel.send_message(&http, over).await.expect_err("too large");
    assert!(refused.to_string().contains("Request entity too large"), "{refused}");
    let at = serenity::CreateMessage::new().content("just").add_file(file(dd::MAX_UPLOAD_BYTES));
    channel.send_message(&http, at).await.expect("at the limit");
    let reasons: Vec<String> = double.unexpected().into_iter().skip(6).map(|u| u.reason).collect();
    assert!(reasons.len() == 1 && reasons[0].starts_with("a file of"), "{reasons:#?}");

    // A new message notifies the users its allowed mentions name; an edit notifies nobody; a
    // nonce sent again with enforce_nonce returns the first message.
    let ping = serenity::CreateMessage::new()
        .content(format!("<@{}> <@{}>", alice().id, bob().id))
        .allowed_mentions(CreateAllowedMentions::new().users([serenity::UserId::new(alice().id)]))
        .nonce(serenity::Nonce::String("n1".into()))
        .enforce_nonce(true);
    let first = channel.send_message(&http, ping.clone()).await.unwrap();
    let again = channel.send_message(&http, ping).await.unwrap();
    assert_eq!(first.id, again.id, "the nonce deduplicates");
    assert_eq!(double.deduplicated(), 1);
    let posts: Vec<_> = double.channel_messages().into_iter().filter(|r| r.kind == ResponseKind::ChannelMessage).collect();
    assert_eq!(posts.last().unwrap().notified, vec![alice().id], "only the allowed user is notified");
    channel.edit_message(&http, first.id, serenity::EditMessage::new().content(format!("<@{}>", bob().id))).await.unwrap();
    assert!(double.channel_messages().last().unwrap().notified.is_empty(), "an edit notifies nobody");

    bot.shard_manager.shutdown_all().await;
}

/// A direct message: the bot opens one channel per user (the same one when asked again), and
/// posts there as in a guild channel, mentions and all; a user who accepts no direct messages
/// makes the post fail (403), which is Discord's answer, not the bot's mistake.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn direct_messages_go_to_a_channel_of_the_users_own() {
    let double = Double::start().await;
    let http = double.http(dd::TOKEN);
    let user = serenity::UserId::new(alice().id);
    let channel = user.create_dm_channel(&http).await.expect("a DM channel");
    assert_eq!(channel.recipient.id, user);
    assert_eq!(Some(channel.id.get()), double.dm_channel(alice().id));
    assert_eq!(user.create_dm_channel(&http).await.unwrap().id, channel.id, "one channel per user");
    assert_ne!(serenity::UserId::new(bob().id).create_dm_channel(&http).await.unwrap().id, channel.id);
    let ping = serenity::CreateMessage::new()
        .content(format!("hello <@{}>", alice().id))
        .allowed_mentions(CreateAllowedMentions::new().users([user]));
    let sent = channel.id.send_message(&http, ping.clone()).await.expect("posted");
    assert_eq!(sent.guild_id, None, "a direct message belongs to no guild");
    let posted = double.channel_messages().pop().unwrap();
    assert_eq!(
        (posted.kind, posted.channel_id, posted.notified.clone()),
        (ResponseKind::ChannelMessage, Some(channel.id.get()), vec![alice().id])
    );
    double.close_direct_messages(alice().id);
    let refused = channel.id.send_message(&http, ping).await.expect_err("DMs closed");
    assert!(refused.to_string().contains("Cannot send messages to this user"), "{refused}");
    assert_eq!(double.channel_messages().len(), 1, "nothing more was posted");
    double.assert_no_unexpected();
}

/// Discord drops an interaction whose first response comes after 3 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_response_after_the_deadline_is_refused() {
    let double = Double::start_with(Options { ack_deadline: Duration::from_millis(200), ..Options::default() }).await;
    let http = double.http(dd::TOKEN);
    let bot = start_bot(&double, "bot1").await;
    double.wait_for_identify().await;
    // A command this bot does not answer; answered by hand, too late.
    let id = double.interact(dd::slash("silence", &bob())).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let token = double.interaction(id).unwrap()["token"].as_str().unwrap().to_string();
    let reply = CreateInteractionResponse::Message(CreateInteractionResponseMessage::new().content("late"));
    assert!(http.create_interaction_response(serenity::InteractionId::new(id), &token, &reply, vec![]).await.is_err());
    assert!(double.unexpected().iter().any(|u| u.reason.contains("after the interaction")), "{:#?}", double.unexpected());
    bot.shard_manager.shutdown_all().await;
}

/// A second callback for one interaction is answered "already acknowledged", as Discord does.
/// It is a mistake of the bot's, unless the double was told that the bot retries an
/// acknowledgement whose answer did not come in time, and it is the first's exact copy, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_callback_is_refused_and_counts_as_a_retry_only_when_allowed_and_identical() {
    for allowed in [false, true] {
        let double = Double::start_with(Options { callback_retries: allowed, ..Options::default() }).await;
        let http = double.http(dd::TOKEN);
        let bot = start_bot(&double, "bot1").await;
        double.wait_for_identify().await;
        let answer = async |id: u64, content: &str| {
            let token = double.interaction(id).unwrap()["token"].as_str().unwrap().to_string();
            let reply = CreateInteractionResponse::Message(CreateInteractionResponseMessage::new().content(content));
            http.create_interaction_response(serenity::InteractionId::new(id), &token, &reply, vec![]).await
        };
        // Commands this bot does not answer: answered by hand.
        let id = double.interact(dd::slash("silence", &bob())).await;
        assert!(answer(id, "first").await.is_ok());
        let again = answer(id, "first").await.expect_err("a second callback is refused");
        assert!(again.to_string().contains("already been acknowledged"), "{again}");
        assert_eq!(double.callback_retries(), usize::from(allowed), "allowed: {allowed}");
        assert_eq!(double.unexpected().len(), usize::from(!allowed), "allowed: {allowed}: {:#?}", double.unexpected());
        // A third time, or a second that says something else, is a mistake either way.
        assert!(answer(id, "first").await.is_err());
        let other = double.interact(dd::slash("silence", &bob())).await;
        assert!(answer(other, "first").await.is_ok());
        assert!(answer(other, "something else").await.is_err());
        assert_eq!(double.callback_retries(), usize::from(allowed));
        assert_eq!(double.unexpected().len(), 2 + usize::from(!allowed), "allowed: {allowed}: {:#?}", double.unexpected());
        bot.shard_manager.shutdown_all().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_connection_resumes_and_a_restarted_bot_takes_over() {
    let double = Double::start().await;
    let first = start_bot(&double, "bot1").await;
    double.wait_for_identify().await;
    wait_event(&first.seen, "ready ").await;

    // A network blip: serenity RESUMEs and keeps receiving interactions.
    assert_eq!(double.drop_gateway_connections(), 1);
    wait_event(&first.seen, "resumed").await;
    assert_eq!(double.resumes(), 1);
    let board = double.interact(dd::slash("board", &alice())).await;
    assert_eq!(double.wait_callback(board).await.content.as_deref(), Some("hi from bot1"));
    assert_eq!(double.identifies().len(), 1);

    // A restart: the first client's task is aborted (its shard runner lives on until evicted),
    // then a second instance identifies and receives the next interactions.
    first.task.abort();
    assert_eq!(double.evict_bots(), 1);
    double.wait_for_no_connection().await;
    let second = start_bot(&double, "bot2").await;
    double.wait_for_identifies(2).await;
    wait_event(&second.seen, "ready ").await;
    let board = double.interact(dd::slash("board", &bob())).await;
    assert_eq!(double.wait_callback(board).await.content.as_deref(), Some("hi from bot2"));
    // A button on the message the first instance sent still reaches the second one.
    let click = double.interact(dd::button("join:1", &bob())).await;
    assert_eq!(double.wait_callback(click).await.content.as_deref(), Some("only you, bob"));
    assert_eq!(double.live_connections(), 1);
    assert!(first.seen.errors().is_empty() && second.seen.errors().is_empty());
    double.assert_no_unexpected();

    second.shard_manager.shutdown_all().await;
    double.wait_for_no_connection().await;
}

/// The builders' JSON round-trips through `interact` unchanged except for the filled-in parts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interact_fills_in_permissions_command_ids_and_messages() {
    let double = Double::start().await;
    let bot = start_bot(&double, "bot1").await;
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    wait_event(&bot.seen, "global commands").await;
    double.set_app_permissions(1 << 11);
    let ac = double.interact(dd::autocomplete("place", &alice()).focused("spot", "zzz")).await;
    let payload: Value = double.interaction(ac).unwrap();
    assert_eq!(payload["app_permissions"], "2048");
    let registered = double.commands().iter().find(|c| c.guild_id.is_some()).unwrap().body.clone();
    assert!(registered.as_array().is_some());
    assert_ne!(payload["data"]["id"], "1", "the registered command id is used");
    assert_eq!(double.wait_callback(ac).await.choices(), []);
    // A click on a message the double never saw gets a stub message from the bot.
    let click = double.interact(dd::button("ghost:1", &alice())).await;
    let payload = double.interaction(click).unwrap();
    assert_eq!(payload["message"]["author"]["id"], dd::BOT_USER_ID.to_string());
    double.wait_callback(click).await;
    double.assert_no_unexpected();
    bot.shard_manager.shutdown_all().await;
}

// --- poise on top of serenity, as the project's bot runs -------------------------------------------

type PoiseContext<'a> = poise::Context<'a, (), serenity::Error>;

async fn autocomplete_spot(_ctx: PoiseContext<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices =
        ["A1 north", "A2 east", "B1 south"].into_iter().filter(|s| s.contains(partial)).map(serenity::AutocompleteChoice::from).collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Place the tile.
#[poise::command(slash_command)]
async fn place(
    ctx: PoiseContext<'_>,
    #[description = "Where"]
    #[autocomplete = "autocomplete_spot"]
    spot: String,
    #[description = "Who goes next"] next: serenity::User,
) -> Result<(), serenity::Error> {
    ctx.defer().await?;
    let reply = poise::CreateReply::default()
        .content(format!("placed at {spot}, <@{}> is next", next.id))
        .allowed_mentions(CreateAllowedMentions::new().users(vec![next.id]))
        .attachment(CreateAttachment::bytes(png(), "board.png"));
    ctx.send(reply).await?;
    ctx.send(poise::CreateReply::default().content("psst").ephemeral(true)).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poise_bot_works_through_the_double() {
    let double = Double::start().await;
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions { commands: vec![place()], initialize_owners: false, ..Default::default() })
        .setup(|ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_in_guild(ctx, &framework.options().commands, serenity::GuildId::new(dd::GUILD_ID)).await?;
                Ok(())
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(double.http(dd::TOKEN), serenity::GatewayIntents::non_privileged())
        .framework(framework)
        .await
        .expect("build the poise client");
    let shard_manager = client.shard_manager.clone();
    let task = tokio::spawn(async move { client.start().await });

    let registration = double.wait_for_commands().await;
    assert_eq!(registration.guild_id, Some(dd::GUILD_ID));
    assert_eq!(registration.names(), ["place"]);
    assert_eq!(registration.command("place").unwrap()["options"][0]["autocomplete"], true);

    let ac = double.interact(dd::autocomplete("place", &alice()).focused("spot", "A")).await;
    let names: Vec<String> = double.wait_callback(ac).await.choices().into_iter().map(|(name, _)| name).collect();
    assert_eq!(names, ["A1 north", "A2 east"]);

    let place = double.interact(dd::slash("place", &alice()).string("spot", "A2 east").user("next", &bob())).await;
    let rs = double.wait_response(place, 3).await;
    assert_eq!(rs[0].callback_type, Some(callback::DEFERRED_MESSAGE));
    assert_eq!(rs[1].kind, ResponseKind::Followup);
    assert_eq!(rs[1].content.as_deref(), Some(format!("placed at A2 east, <@{}> is next", bob().id).as_str()));
    assert_eq!(rs[1].allowed_user_mentions(), Some(vec![bob().id]));
    assert_eq!(rs[1].attachments[0].bytes, png());
    assert_eq!((rs[2].kind, rs[2].is_ephemeral()), (ResponseKind::Followup, true));
    double.assert_no_unexpected();

    shard_manager.shutdown_all().await;
    let _ = task.await;
}

/// A minimal serenity bot running one shard of `count`, with its own bot token so the double
/// can tell its requests from another process's.
async fn start_shard_bot(double: &Double, tag: &'static str, token: &str, [id, count]: [u32; 2]) -> RunningBot {
    let seen = Arc::new(Seen::default());
    let mut client = serenity::ClientBuilder::new_with_http(double.http(token), serenity::GatewayIntents::non_privileged())
        .event_handler(TestBot { tag, seen: seen.clone() })
        .await
        .expect("build the serenity client");
    let shard_manager = client.shard_manager.clone();
    let task = tokio::spawn(async move { client.start_shard(id, count).await });
    RunningBot { seen, shard_manager, task }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_shard_gets_only_its_guilds_and_their_interactions() {
    let double = Double::start_with(Options { shards: 2, ..Options::default() }).await;
    let http = double.http(dd::TOKEN);
    assert_eq!(http.get_bot_gateway().await.expect("GET /gateway/bot").shards, 2, "the recommended shard count");
    // Two more guilds, one per shard; the default guild lands where its id puts it.
    let (g0, g1) = (dd::guild_on_shard(0, 2, 1), dd::guild_on_shard(1, 2, 1));
    let (c0, c1) = (g0 + 1, g1 + 1);
    double.add_guild(g0, c0);
    double.add_guild(g1, c1);
    let default_shard = dd::shard_of(dd::GUILD_ID, 2);
    let on = |shard: u32| -> Vec<u64> { double.guilds().into_keys().filter(|g| dd::shard_of(*g, 2) == shard).collect() };
    assert!(on(0).contains(&g0) && on(1).contains(&g1) && on(default_shard).contains(&dd::GUILD_ID));

    let zero = start_shard_bot(&double, "shard0", "token-zero", [0, 2]).await;
    let one = start_shard_bot(&double, "shard1", "token-one", [1, 2]).await;
    double.wait_for_live_shards(&[[0, 2], [1, 2]]).await;
    let mut shards: Vec<Value> = double.identifies().iter().map(|d| d["shard"].clone()).collect();
    shards.sort_by_key(|s| s[0].as_u64());
    assert_eq!(shards, vec![json!([0, 2]), json!([1, 2])]);

    // READY and GUILD_CREATE: each shard hears of its own guilds only.
    for (bot, shard) in [(&zero, 0), (&one, 1)] {
        for guild in on(shard) {
            wait_event(&bot.seen, &format!("guild {guild} ")).await;
        }
        let heard: Vec<String> = bot.seen.events().into_iter().filter(|e| e.starts_with("guild ")).collect();
        assert_eq!(heard.len(), on(shard).len(), "shard {shard} heard of {heard:?}");
    }

    // Interactions go to the shard of their guild, and each is answered by that process.
    for (guild, channel, tag, shard) in [(g0, c0, "shard0", 0), (g1, c1, "shard1", 1)] {
        for who in [alice(), bob()] {
            let id = double.interact(dd::slash("board", &who).in_guild(guild, channel)).await;
            let callback = double.wait_callback(id).await;
            assert_eq!(callback.content.as_deref(), Some(format!("hi from {tag}").as_str()), "guild {guild}");
            let to = double.dispatched_to(id).expect("dispatched");
            assert_eq!(to.shard, [shard, 2]);
            assert_eq!(callback.bot_token, Some(to.token.clone()));
            assert_eq!(double.interaction(id).expect("payload")["guild_id"], guild.to_string());
        }
    }
    let id = double.interact(dd::slash("board", &alice())).await;
    let expected = if default_shard == 0 { "hi from shard0" } else { "hi from shard1" };
    assert_eq!(double.wait_callback(id).await.content.as_deref(), Some(expected));
    assert!(double.answered_elsewhere().is_empty(), "{:?}", double.answered_elsewhere());

    // A process answering an interaction of another shard is caught.
    let stray = double.interact(dd::slash("board", &alice()).in_guild(g0, c0)).await;
    double.wait_callback(stray).await;
    let interaction_token = double.interaction(stray).expect("payload")["token"].as_str().unwrap().to_string();
    let other = double.http("token-one");
    other.set_application_id(serenity::ApplicationId::new(dd::APPLICATION_ID));
    let followup = CreateInteractionResponseFollowup::new().content("not mine to answer");
    other.create_followup_message(&interaction_token, &followup, vec![]).await.expect("Discord itself accepts it");
    let elsewhere = double.answered_elsewhere();
    assert_eq!(elsewhere.len(), 1, "{elsewhere:?}");
    assert!(elsewhere[0].contains(&stray.to_string()) && elsewhere[0].contains("token-one"), "{elsewhere:?}");

    assert!(zero.seen.errors().is_empty() && one.seen.errors().is_empty(), "{:?} {:?}", zero.seen.errors(), one.seen.errors());
    double.assert_no_unexpected();
    zero.shard_manager.shutdown_all().await;
    one.shard_manager.shutdown_all().await;
    double.wait_for_no_connection().await;
}

/// Connects a bare WebSocket, identifies with `shard` (`None`: no shard field) and returns
/// what the double answered: the close code, or the first dispatch's name and data.
async fn identify_raw(double: &Double, shard: Option<Value>) -> Result<(String, Value), u16> {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("{}?v=10", double.gateway_url())).await.expect("connect");
    let hello = ws.next().await.expect("HELLO").expect("frame");
    assert!(hello.to_text().unwrap_or_default().contains("\"op\":10"), "{hello:?}");
    let mut d = json!({"token": format!("Bot {}", dd::TOKEN), "intents": 1, "properties": {}});
    if let Some(shard) = shard {
        d["shard"] = shard;
    }
    ws.send(Message::text(json!({"op": 2, "d": d}).to_string())).await.expect("send IDENTIFY");
    match ws.next().await.expect("an answer").expect("frame") {
        Message::Close(Some(frame)) => Err(u16::from(frame.code)),
        Message::Text(text) => {
            let v: Value = serde_json::from_str(text.as_str()).expect("JSON");
            Ok((v["t"].as_str().unwrap_or_default().to_string(), v["d"].clone()))
        }
        other => panic!("unexpected frame {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_double_closes_invalid_shards_and_shards_with_too_many_guilds() {
    let double = Double::start_with(Options { max_guilds_per_shard: 1, ..Options::default() }).await;
    // Two guilds on different shards of 2: one shard alone would hold both.
    let other = dd::guild_on_shard(1 - dd::shard_of(dd::GUILD_ID, 2), 2, 3);
    double.add_guild(other, other + 1);

    for bad in [json!([2, 2]), json!([0, 0]), json!([5, 2]), json!([0]), json!(["0", "2"]), json!([-1, 2]), json!("0/2")] {
        assert_eq!(identify_raw(&double, Some(bad.clone())).await.map(|_| ()), Err(dd::INVALID_SHARD), "shard {bad}");
    }
    assert_eq!(identify_raw(&double, Some(json!([0, 1]))).await.map(|_| ()), Err(dd::SHARDING_REQUIRED));
    assert_eq!(identify_raw(&double, None).await.map(|_| ()), Err(dd::SHARDING_REQUIRED), "no shard field means [0, 1]");
    assert_eq!(double.rejected_identifies().len(), 9);

    // With two shards each holds one guild: READY lists exactly that one.
    for shard in 0..2 {
        let (event, ready) = identify_raw(&double, Some(json!([shard, 2]))).await.expect("READY");
        assert_eq!(event, "READY");
        assert_eq!(ready["shard"], json!([shard, 2]));
        let guilds: Vec<u64> = ready["guilds"].as_array().unwrap().iter().filter_map(|g| dd::id_of(&g["id"])).collect();
        let expected = if dd::shard_of(dd::GUILD_ID, 2) == shard { dd::GUILD_ID } else { other };
        assert_eq!(guilds, vec![expected], "shard {shard}");
    }
    assert_eq!(double.rejected_identifies().len(), 9);
}

/// Every rule of message components that Discord enforces, one case each: the double refuses
/// what Discord refuses (a green test means nothing otherwise), and takes a message that keeps
/// every rule.
#[test]
fn the_double_refuses_each_component_rule_discord_enforces() {
    let button = |id: &str, label: &str| json!({ "type": 2, "style": 1, "custom_id": id, "label": label });
    let option = |v: &str| json!({ "label": v, "value": v });
    let select = |id: &str, options: Vec<Value>| json!({ "type": 3, "custom_id": id, "options": options });
    let row = |items: Vec<Value>| json!({ "type": 1, "components": items });
    let message = |rows: Vec<Value>| json!({ "content": "x", "components": rows });

    let fine = message(vec![
        row(vec![button("a", "A"), json!({ "type": 2, "style": 5, "url": "https://example.com", "label": "Link" })]),
        row(vec![json!({ "type": 2, "style": 2, "custom_id": "e", "emoji": { "name": "🎲" } })]),
        row(vec![select("m", vec![option("1"), option("2")])]),
    ]);
    assert_eq!(dd::over_limit(&fine), None);

    let cases: Vec<(&str, Value)> = vec![
        ("unique custom ids across rows", message(vec![row(vec![button("a", "A")]), row(vec![button("a", "B")])])),
        ("unique custom ids in a row", message(vec![row(vec![button("a", "A"), button("a", "B")])])),
        ("a menu's id is a custom id too", message(vec![row(vec![button("m", "A")]), row(vec![select("m", vec![option("1")])])])),
        ("one select per row", message(vec![row(vec![select("m", vec![option("1")]), select("n", vec![option("1")])])])),
        ("buttons and a select never share a row", message(vec![row(vec![button("a", "A"), select("m", vec![option("1")])])])),
        ("an empty row", message(vec![row(vec![])])),
        ("six buttons in a row", message(vec![row((0..6).map(|i| button(&format!("b{i}"), "B")).collect())])),
        ("six rows", message((0..6).map(|i| row(vec![button(&format!("b{i}"), "B")])).collect())),
        ("only rows at the top", message(vec![button("a", "A")])),
        ("a text input in a message", message(vec![row(vec![json!({ "type": 4, "custom_id": "t", "label": "T", "style": 1 })])])),
        ("a button needs a label or an emoji", message(vec![row(vec![json!({ "type": 2, "style": 1, "custom_id": "a" })])])),
        ("an empty label is no label", message(vec![row(vec![button("a", "")])])),
        ("a button needs a custom id", message(vec![row(vec![json!({ "type": 2, "style": 1, "label": "A" })])])),
        (
            "a link has no custom id",
            message(vec![row(vec![json!({ "type": 2, "style": 5, "custom_id": "a", "url": "https://x", "label": "L" })])]),
        ),
        ("a link needs a url", message(vec![row(vec![json!({ "type": 2, "style": 5, "label": "L" })])])),
        ("a button style exists", message(vec![row(vec![json!({ "type": 2, "style": 9, "custom_id": "a", "label": "A" })])])),
        ("an empty custom id", message(vec![row(vec![button("", "A")])])),
        ("a custom id over 100 characters", message(vec![row(vec![button(&"i".repeat(101), "A")])])),
        ("a label over 80 characters", message(vec![row(vec![button("a", &"l".repeat(81))])])),
        ("option values unique in a select", message(vec![row(vec![select("m", vec![option("1"), option("1")])])])),
        ("a select with no option", message(vec![row(vec![select("m", vec![])])])),
        ("a select of 26 options", message(vec![row(vec![select("m", (0..26).map(|i| option(&i.to_string())).collect())])])),
        ("an option without a value", message(vec![row(vec![select("m", vec![json!({ "label": "x", "value": "" })])])])),
        ("an option label over 100 characters", message(vec![row(vec![select("m", vec![option(&"o".repeat(101))])])])),
        (
            "more default options than max_values",
            message(vec![row(vec![select(
                "m",
                vec![json!({ "label": "1", "value": "1", "default": true }), json!({ "label": "2", "value": "2", "default": true })],
            )])]),
        ),
        (
            "max_values beyond the options",
            message(vec![row(vec![json!({ "type": 3, "custom_id": "m", "max_values": 3, "options": [option("1"), option("2")] })])]),
        ),
        (
            "min_values above max_values",
            message(vec![row(vec![
                json!({ "type": 3, "custom_id": "m", "min_values": 2, "max_values": 1, "options": [option("1"), option("2")] }),
            ])]),
        ),
        (
            "a placeholder over 150 characters",
            message(vec![row(vec![json!({ "type": 3, "custom_id": "m", "placeholder": "p".repeat(151), "options": [option("1")] })])]),
        ),
        ("2,001 characters of content", json!({ "content": "x".repeat(2001) })),
    ];
    for (rule, body) in cases {
        assert!(dd::over_limit(&body).is_some(), "the double let through what Discord refuses: {rule}");
    }
}

// --- threads and forum channels ---------------------------------------------------------------------

/// Discord's answer to a failed request: its status and JSON error code.
fn refusal(error: serenity::Error) -> (u16, isize) {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => (r.status_code.as_u16(), r.error.code),
        other => panic!("not a refusal of Discord's: {other}"),
    }
}

fn public_thread(name: &str) -> serenity::CreateThread<'static> {
    serenity::CreateThread::new(name)
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek)
}

/// A thread without a message: a public channel of its own under the channel, read back as
/// Discord describes it, with messages of its own; its rules of name, type and duration.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_is_a_channel_of_its_own_under_its_parent() {
    let double = Double::start().await;
    let http = double.http(dd::TOKEN);
    let parent = serenity::ChannelId::new(dd::CHANNEL_ID);
    let thread = parent.create_thread(&http, public_thread("South Seas — Ana's table")).await.expect("a thread");
    assert_eq!((thread.kind, thread.parent_id), (serenity::ChannelType::PublicThread, Some(parent)));
    let metadata = thread.thread_metadata.expect("thread metadata");
    assert!(!metadata.archived && !metadata.locked);
    assert_eq!(metadata.auto_archive_duration, serenity::AutoArchiveDuration::OneWeek);
    let read = http.get_channel(thread.id).await.expect("GET /channels/{thread}").guild().expect("a guild channel");
    assert_eq!((read.id, read.kind, read.name.as_str()), (thread.id, serenity::ChannelType::PublicThread, "South Seas — Ana's table"));
    let posted = thread.id.send_message(&http, serenity::CreateMessage::new().content("in the thread")).await.expect("posted");
    assert_eq!(posted.channel_id, thread.id);
    assert_eq!(double.channel_messages().pop().and_then(|r| r.channel_id), Some(thread.id.get()));

    // Left without a type, Discord makes a private thread; a thread in a thread is refused.
    let private = parent.create_thread(&http, serenity::CreateThread::new("quiet")).await;
    assert_eq!(refusal(private.expect_err("private threads need their own permission")), (403, 50013));
    let nested = thread.id.create_thread(&http, public_thread("nested")).await.expect_err("no thread in a thread");
    assert_eq!(refusal(nested), (400, 50024));
    // Names of 1 to 100 characters; the archive durations Discord offers.
    let raw = |body: Value| {
        let http = &http;
        async move { http.create_thread(parent, &body, None).await }
    };
    assert_eq!(refusal(raw(json!({"name": "", "type": 11})).await.expect_err("empty name")), (400, 50035));
    assert_eq!(refusal(raw(json!({"name": "x".repeat(101), "type": 11})).await.expect_err("101 characters")), (400, 50035));
    assert!(raw(json!({"name": "é".repeat(100), "type": 11})).await.is_ok(), "100 characters are fine");
    let odd = raw(json!({"name": "t", "type": 11, "auto_archive_duration": 120})).await.expect_err("no such duration");
    assert_eq!(refusal(odd), (400, 50035));
    let reasons: Vec<String> = double.unexpected().into_iter().map(|u| u.reason).collect();
    assert_eq!(reasons.len(), 4, "{reasons:#?}");
}

/// Without Create Public Threads no thread is made; without Send Messages in Threads nothing is
/// posted in one (Send Messages has no effect in threads).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_need_their_own_permissions() {
    let double = Double::start().await;
    let http = double.http(dd::TOKEN);
    let parent = serenity::ChannelId::new(dd::CHANNEL_ID);
    double.set_app_permissions(dd::DEFAULT_APP_PERMISSIONS & !dd::CREATE_PUBLIC_THREADS);
    let refused = parent.create_thread(&http, public_thread("t")).await.expect_err("no Create Public Threads");
    assert_eq!(refusal(refused), (403, 50013));
    double.set_app_permissions(dd::DEFAULT_APP_PERMISSIONS);
    let thread = parent.create_thread(&http, public_thread("t")).await.expect("a thread").id;
    double.set_app_permissions(dd::DEFAULT_APP_PERMISSIONS & !dd::SEND_MESSAGES_IN_THREADS);
    let refused = thread.send_message(&http, serenity::CreateMessage::new().content("hi")).await.expect_err("no Send Messages in Threads");
    assert_eq!(refusal(refused), (403, 50013));
    parent.send_message(&http, serenity::CreateMessage::new().content("hi")).await.expect("the channel itself takes Send Messages");
    assert!(double.threads().iter().all(|t| t.parent == dd::CHANNEL_ID));
}

/// An archived thread: a message unarchives it, an edit is refused until it is unarchived (the
/// bot may, as the thread's creator); a locked one takes neither without Manage Threads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_archived_thread_reopens_on_a_message_and_a_locked_one_stays_shut() {
    let double = Double::start().await;
    let http = double.http(dd::TOKEN);
    let parent = serenity::ChannelId::new(dd::CHANNEL_ID);
    let thread = parent.create_thread(&http, public_thread("t")).await.expect("a thread").id;
    let first = thread.send_message(&http, serenity::CreateMessage::new().content("turn 1")).await.expect("posted").id;

    double.archive_thread(thread.get());
    let edit = || serenity::EditMessage::new().content("retired");
    assert_eq!(refusal(thread.edit_message(&http, first, edit()).await.expect_err("archived")), (400, 50083));
    thread.send_message(&http, serenity::CreateMessage::new().content("turn 2")).await.expect("a message unarchives");
    assert!(!double.thread(thread.get()).unwrap().archived);
    thread.edit_message(&http, first, edit()).await.expect("an edit in an active thread");

    double.archive_thread(thread.get());
    let rename = thread.edit_thread(&http, serenity::EditThread::new().name("renamed")).await.expect_err("archived: unarchive first");
    assert_eq!(refusal(rename), (400, 50083));
    thread.edit_thread(&http, serenity::EditThread::new().archived(false)).await.expect("its creator unarchives it");
    assert!(!double.thread(thread.get()).unwrap().archived);
    assert_eq!(double.thread_edits(), 1);
    let lock = thread.edit_thread(&http, serenity::EditThread::new().locked(true)).await.expect_err("locking needs Manage Threads");
    assert_eq!(refusal(lock), (403, 50013));

    double.lock_thread(thread.get());
    let post = thread.send_message(&http, serenity::CreateMessage::new().content("turn 3")).await.expect_err("locked");
    assert_eq!(refusal(post), (403, 160005));
    assert!(double.thread(thread.get()).unwrap().archived, "a refused message unarchives nothing");
    double.set_app_permissions(dd::DEFAULT_APP_PERMISSIONS | dd::MANAGE_THREADS);
    thread.send_message(&http, serenity::CreateMessage::new().content("a moderator's bot")).await.expect("Manage Threads may");
    double.assert_no_unexpected();
}

/// A forum channel takes no message of its own: a post is a thread made with its first
/// message (whose id is the thread's), and needs one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forum_post_is_a_thread_with_its_first_message() {
    let double = Double::start().await;
    let http = double.http(dd::TOKEN);
    let forum = serenity::ChannelId::new(dd::CHANNEL_ID + 50);
    double.add_forum(dd::GUILD_ID, forum.get());
    let read = http.get_channel(forum).await.expect("the forum").guild().expect("a guild channel");
    assert_eq!(read.kind, serenity::ChannelType::Forum);
    let refused = forum.send_message(&http, serenity::CreateMessage::new().content("hi")).await.expect_err("no message in a forum");
    assert_eq!(refusal(refused), (400, 40058));
    let first = serenity::CreateMessage::new().content("Ana opened this game");
    let post = forum.create_forum_post(&http, serenity::CreateForumPost::new("South Seas — Ana's table", first)).await.expect("a post");
    assert_eq!((post.kind, post.parent_id), (serenity::ChannelType::PublicThread, Some(forum)));
    let message = double.message(post.id.get()).expect("the post's first message has the thread's id");
    assert_eq!(message["content"], "Ana opened this game");
    assert_eq!(double.channel_messages().pop().and_then(|r| r.channel_id), Some(post.id.get()));
    let bare = http.create_forum_post(forum, &json!({"name": "no message", "message": {}}), None).await;
    assert_eq!(refusal(bare.expect_err("a post needs its first message")), (400, 50035));
    let reasons: Vec<String> = double.unexpected().into_iter().map(|u| u.reason).collect();
    assert_eq!(reasons, ["a message in a forum channel", "a forum post without its first message"]);
}

/// An interaction from a thread carries the thread as Discord describes it (type, parent,
/// metadata); a tap in an archived thread reaches the bot once the client unarchived it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_in_a_thread_names_the_thread_and_a_tap_reopens_it() {
    let double = Double::start().await;
    let bot = start_bot(&double, "bot1").await;
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    let thread = double.member_starts_thread(dd::CHANNEL_ID, "a member's thread");
    let board = double.interact(dd::slash("board", &alice()).in_channel(thread)).await;
    let payload = double.interaction(board).unwrap();
    assert_eq!(
        (payload["channel"]["type"].as_u64(), payload["channel"]["parent_id"].as_str()),
        (Some(11), Some(&*dd::CHANNEL_ID.to_string()))
    );
    let partial: serenity::PartialChannel = serde_json::from_value(payload["channel"].clone()).expect("serenity reads it");
    assert!(partial.thread_metadata.is_some_and(|m| !m.archived));
    double.wait_callback(board).await;
    double.archive_thread(thread);
    let tap = double.interact(dd::button("ghost:1", &alice()).in_channel(thread)).await;
    assert!(!double.thread(thread).unwrap().archived, "the client unarchived it before the tap");
    double.wait_callback(tap).await;
    bot.shard_manager.shutdown_all().await;
}
