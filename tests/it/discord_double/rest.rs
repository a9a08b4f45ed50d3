//! The REST API under `/api/v10`, and the message store behind it.

use super::*;

fn discord_error(status: StatusCode, code: u64, message: &str) -> HttpResponse {
    (status, axum::Json(json!({"message": message, "code": code}))).into_response()
}

fn ok_json(v: Value) -> HttpResponse {
    (StatusCode::OK, axum::Json(v)).into_response()
}

fn no_content() -> HttpResponse {
    StatusCode::NO_CONTENT.into_response()
}

async fn parse_body(req: Request) -> Result<Parsed, String> {
    let content_type = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    if content_type.starts_with("multipart/form-data") {
        let mut multipart = Multipart::from_request(req, &()).await.map_err(|e| format!("multipart: {e}"))?;
        let mut parsed = Parsed { json: Value::Null, uploads: vec![] };
        while let Some(field) = multipart.next_field().await.map_err(|e| format!("multipart field: {e}"))? {
            let name = field.name().unwrap_or_default().to_string();
            let filename = field.file_name().map(str::to_string);
            let part_type = field.content_type().map(str::to_string);
            let bytes = field.bytes().await.map_err(|e| format!("multipart part {name}: {e}"))?;
            if name == "payload_json" {
                parsed.json = serde_json::from_slice(&bytes).map_err(|e| format!("payload_json: {e}"))?;
            } else if let Some(index) = name.strip_prefix("files[").and_then(|r| r.strip_suffix(']')) {
                let index = index.parse().map_err(|_| format!("bad part name {name}"))?;
                parsed.uploads.push(Upload { index, filename, content_type: part_type, bytes: bytes.to_vec() });
            } else {
                return Err(format!("unknown multipart part {name}"));
            }
        }
        Ok(parsed)
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), 64 << 20).await.map_err(|e| format!("body: {e}"))?;
        let json = if bytes.is_empty() { Value::Null } else { serde_json::from_slice(&bytes).map_err(|e| format!("JSON body: {e}"))? };
        Ok(Parsed { json, uploads: vec![] })
    }
}

pub(super) async fn rest(AxState(shared): AxState<Arc<Shared>>, req: Request) -> HttpResponse {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let query = req.uri().query().unwrap_or_default().to_string();
    let bot_token =
        req.headers().get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bot ")).map(str::to_string);
    let authorized = bot_token.is_some();
    let parsed = match parse_body(req).await {
        Ok(parsed) => parsed,
        Err(why) => {
            shared.with(|s| s.refuse(&method, &path, &format!("unreadable body: {why}"), &Value::Null));
            return discord_error(StatusCode::BAD_REQUEST, 50109, "The request body contains invalid JSON.");
        }
    };
    // A file over the upload limit every server allows: Discord refuses the whole request.
    if let Some(big) = parsed.uploads.iter().find(|u| u.bytes.len() > MAX_UPLOAD_BYTES) {
        let why = format!("a file of {} bytes (limit {MAX_UPLOAD_BYTES})", big.bytes.len());
        shared.with(|s| s.refuse(&method, &path, &why, &parsed.json));
        return discord_error(StatusCode::PAYLOAD_TOO_LARGE, 40005, "Request entity too large");
    }
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    shared.with(|s| {
        s.requests.push(if query.is_empty() { format!("{method} {path}") } else { format!("{method} {path}?{query}") });
    });
    // Attachment downloads need no token.
    if method == Method::GET
        && let ["attachments", id, _name] = segments.as_slice()
    {
        return match id.parse().ok().and_then(|id: u64| shared.lock().files.get(&id).cloned()) {
            Some((_, content_type, bytes)) => {
                let mut response = Body::from(Bytes::from(bytes)).into_response();
                if let Some(ct) = content_type.and_then(|ct| HeaderValue::from_str(&ct).ok()) {
                    response.headers_mut().insert(header::CONTENT_TYPE, ct);
                }
                response
            }
            None => discord_error(StatusCode::NOT_FOUND, 0, "404: Not Found"),
        };
    }
    if !authorized {
        shared.with(|s| s.refuse(&method, &path, "no `Authorization: Bot …` header", &parsed.json));
        return discord_error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
    }
    let api: &[&str] = match segments.as_slice() {
        ["api", "v10", rest @ ..] => rest,
        _ => &[],
    };
    // Discord's bad minutes, for what the outbox sends (see `Fault`).
    let outbox =
        matches!(api, ["channels", _, "messages", ..]) || matches!((&method, api), (&Method::PATCH, ["webhooks", _, _, "messages", _]));
    let fault = outbox
        .then(|| {
            let new_post = matches!((&method, api), (&Method::POST, ["channels", _, "messages"]));
            shared.with(|s| match s.fault {
                Some((fault, until)) if Instant::now() < until && (new_post || !s.fault_posts_only) => {
                    s.faulted += 1;
                    Some((fault, until))
                }
                _ => None,
            })
        })
        .flatten();
    match fault {
        Some((Fault::RateLimited { global }, until)) => return rate_limited(until, global),
        Some((Fault::ServerError(status), _)) => return server_error(status),
        _ => {}
    }
    let response = route(&shared, bot_token.as_deref().unwrap_or_default(), &method, &path, &query, api, parsed);
    shared.bump();
    match fault {
        Some((Fault::LostAnswers, _)) if response.status().is_success() => return server_error(500),
        Some((Fault::Hang(hang), _)) => {
            tokio::time::sleep(hang).await;
            return response;
        }
        _ => {}
    }
    // A callback made, but its answer lost (see `Double::lose_callback_answers`).
    if let (&Method::POST, ["interactions", id, _, "callback"]) = (&method, api)
        && response.status().is_success()
        && shared.with(|s| {
            let lost = s.lost_callbacks > 0;
            s.lost_callbacks = s.lost_callbacks.saturating_sub(1);
            if let Some(rec) = s.interactions.get_mut(&id.parse().unwrap_or(0)).filter(|_| lost) {
                rec.answer_lost = true;
            }
            lost
        })
    {
        return discord_error(StatusCode::INTERNAL_SERVER_ERROR, 0, "500: Internal Server Error");
    }
    // Made, but the answer is lost (see `Double::lose_post_answers`).
    let post = matches!((&method, api), (&Method::POST, ["channels", _, "messages"]));
    let lost = post
        && response.status().is_success()
        && shared.with(|s| {
            let lost = s.lost_posts > 0;
            s.lost_posts = s.lost_posts.saturating_sub(1);
            lost
        });
    if lost {
        return discord_error(StatusCode::INTERNAL_SERVER_ERROR, 0, "500: Internal Server Error");
    }
    // Done and visible to players already; only the bot hears of it late.
    let late = shared.lock().late;
    let delay = match (&method, api) {
        (&Method::POST, ["channels", _, "messages"]) => late.posts,
        (&Method::PATCH, ["webhooks", _, _, "messages", _] | ["channels", _, "messages", _]) => late.edits,
        _ => Duration::ZERO,
    };
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    response
}

/// A 429 as Discord answers it: wait until `until` (the end of the window).
fn rate_limited(until: Instant, global: bool) -> HttpResponse {
    let wait = until.saturating_duration_since(Instant::now()).max(Duration::from_millis(1)).as_secs_f64();
    let reset = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_secs_f64() + wait;
    let body = json!({"message": "You are being rate limited.", "retry_after": wait, "global": global});
    let mut response = (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
    let headers = response.headers_mut();
    let mut set = |name: &'static str, value: String| {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(name, value);
        }
    };
    set("retry-after", format!("{}", wait.ceil() as u64));
    set("x-ratelimit-scope", if global { "global" } else { "user" }.to_string());
    if global {
        set("x-ratelimit-global", "true".to_string());
    } else {
        set("x-ratelimit-limit", "5".to_string());
        set("x-ratelimit-remaining", "0".to_string());
        set("x-ratelimit-reset", format!("{reset:.3}"));
        set("x-ratelimit-reset-after", format!("{wait:.3}"));
        set("x-ratelimit-bucket", "double-bucket".to_string());
    }
    response
}

/// A 5xx from Discord's edge: an HTML page as Cloudflare sends one (none for a plain 500).
fn server_error(status: u16) -> HttpResponse {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    if status == StatusCode::INTERNAL_SERVER_ERROR {
        return status.into_response();
    }
    let reason = status.canonical_reason().unwrap_or("Error");
    let page = format!(
        "<html>\r\n<head><title>{code} {reason}</title></head>\r\n<body>\r\n<center><h1>{code} {reason}</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n",
        code = status.as_u16()
    );
    (status, [(header::CONTENT_TYPE, "text/html")], page).into_response()
}

/// Routes a request, and marks what it sent with the bot token it came with (under one lock,
/// so no other request's records get marked).
fn route(shared: &Shared, bot_token: &str, method: &Method, path: &str, query: &str, api: &[&str], parsed: Parsed) -> HttpResponse {
    let mut s = shared.lock();
    let before = s.sent.len();
    let response = route_locked(shared, &mut s, method, path, query, api, parsed);
    for r in &mut s.sent[before..] {
        r.bot_token = Some(bot_token.to_string());
    }
    response
}

fn route_locked(shared: &Shared, s: &mut State, method: &Method, path: &str, query: &str, api: &[&str], parsed: Parsed) -> HttpResponse {
    let base = shared.http_base.as_str();
    let app_ok = |app: &str| app.parse::<u64>().ok() == Some(APPLICATION_ID);
    match (method.clone(), api) {
        (Method::GET, ["gateway"]) => ok_json(json!({"url": shared.ws_url})),
        (Method::GET, ["gateway", "bot"]) => ok_json(json!({
            "url": shared.ws_url,
            "shards": shared.options.shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        })),
        (Method::PUT, ["applications", app, "commands"]) if app_ok(app) => register_commands(s, None, parsed.json),
        (Method::PUT, ["applications", app, "guilds", guild, "commands"]) if app_ok(app) => {
            let guild = guild.parse().ok();
            if !guild.is_some_and(|g| s.guilds.contains_key(&g)) {
                s.refuse(method, path, "commands for an unknown guild", &parsed.json);
                return discord_error(StatusCode::NOT_FOUND, 10004, "Unknown Guild");
            }
            register_commands(s, guild, parsed.json)
        }
        (Method::POST, ["interactions", id, token, "callback"]) => interaction_callback(s, base, method, path, id, token, parsed),
        (Method::POST, ["webhooks", app, token]) if app_ok(app) => {
            let wait = !query.split('&').any(|kv| kv == "wait=false");
            followup(s, base, method, path, token, parsed, wait)
        }
        (Method::GET | Method::PATCH | Method::DELETE, ["webhooks", app, token, "messages", which]) if app_ok(app) => {
            webhook_message(s, base, method, path, token, which, parsed)
        }
        (Method::POST, ["channels", channel, "messages"]) => {
            let Some(channel) = channel.parse().ok().filter(|c| s.channels.contains_key(c) || s.dm_channels.contains_key(c)) else {
                s.refuse(method, path, "message to an unknown channel", &parsed.json);
                return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            };
            if let Some(why) = s.post_in_thread(channel) {
                return threads::refuse_in_thread(s, method, path, why, &parsed.json);
            }
            if s.dm_channels.get(&channel).is_some_and(|user| s.dms_closed.contains(user)) {
                // Not a mistake of the bot's: Discord answers so, and the bot must cope.
                return discord_error(StatusCode::FORBIDDEN, 50007, "Cannot send messages to this user");
            }
            if let Some(why) = over_limit(&parsed.json) {
                s.refuse(method, path, &format!("over Discord's limits: {why}"), &parsed.json);
                return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            }
            // With enforce_nonce, a nonce seen before returns the earlier message.
            let nonce = parsed.json["nonce"].as_str().map(str::to_string).or_else(|| parsed.json["nonce"].as_u64().map(|n| n.to_string()));
            if parsed.json["enforce_nonce"] == true
                && let Some(earlier) = nonce.as_ref().and_then(|n| s.nonces.get(n)).copied()
                && let Some(stored) = s.messages.get(&earlier)
            {
                let json = stored.json.clone();
                s.deduplicated += 1;
                return ok_json(json);
            }
            let (attachments, recorded) = s.store_uploads(base, &parsed.json, parsed.uploads);
            let flags = parsed.json["flags"].as_u64().unwrap_or(0);
            let id = snowflake();
            let msg = s.message_json(id, channel, &parsed.json, attachments, flags, false);
            s.insert_message(msg.clone(), None);
            if let Some(nonce) = nonce {
                s.nonces.insert(nonce, id);
            }
            let notified = notified_users(&parsed.json);
            let mut r = record(ResponseKind::ChannelMessage, None, None, parsed.json, recorded, Some(id), Some(channel), None);
            r.notified = notified;
            s.sent.push(r);
            ok_json(msg)
        }
        (Method::GET, ["channels", channel, "messages"]) => {
            let Some(channel) = channel.parse().ok().filter(|c| s.channels.contains_key(c) || s.dm_channels.contains_key(c)) else {
                s.refuse(method, path, "messages of an unknown channel", &Value::Null);
                return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            };
            ok_json(Value::Array(s.channel_history(channel, query)))
        }
        (Method::GET | Method::PATCH | Method::DELETE, ["channels", channel, "messages", message]) => {
            let channel: Option<u64> = channel.parse().ok();
            let message: Option<u64> = message.parse().ok();
            let found = message.filter(|m| s.messages.get(m).is_some_and(|stored| id_of(&stored.json["channel_id"]) == channel));
            let Some(message) = found else {
                s.refuse(method, path, "unknown message", &parsed.json);
                return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
            };
            if *method != Method::GET
                && let Some(why) = channel.and_then(|c| s.change_in_thread(c))
            {
                return threads::refuse_in_thread(s, method, path, why, &parsed.json);
            }
            if *method == Method::PATCH
                && let Some(why) = over_limit(&parsed.json)
            {
                s.refuse(method, path, &format!("over Discord's limits: {why}"), &parsed.json);
                return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            }
            match *method {
                Method::GET => ok_json(s.messages[&message].json.clone()),
                Method::PATCH => {
                    let recorded = s.edit_message(base, message, &parsed.json, parsed.uploads);
                    let r = record(ResponseKind::EditChannelMessage, None, None, parsed.json, recorded, Some(message), channel, None);
                    s.sent.push(r);
                    ok_json(s.messages[&message].json.clone())
                }
                _ => {
                    s.messages.remove(&message);
                    let r = record(ResponseKind::DeleteChannelMessage, None, None, Value::Null, vec![], Some(message), channel, None);
                    s.sent.push(r);
                    no_content()
                }
            }
        }
        (Method::POST, ["channels", channel, "threads"]) => threads::start_thread(s, base, method, path, channel, parsed),
        (Method::PATCH, ["channels", channel]) => match channel.parse::<u64>() {
            Ok(channel) => threads::modify_thread(s, method, path, channel, &parsed.json),
            Err(_) => discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel"),
        },
        (Method::GET, ["channels", channel]) => match channel.parse().ok().and_then(|c| Some((c, *s.channels.get(&c)?))) {
            Some((channel, guild)) => ok_json(s.thread_or_forum_json(channel).unwrap_or_else(|| channel_json_in(channel, guild))),
            None => {
                s.refuse(method, path, "unknown channel", &Value::Null);
                discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel")
            }
        },
        (Method::GET, ["users", "@me"]) => ok_json(bot_user_json()),
        (Method::POST, ["users", "@me", "channels"]) => {
            let Some(user) = id_of(&parsed.json["recipient_id"]).filter(|u| *u != BOT_USER_ID) else {
                s.refuse(method, path, "a DM channel without a recipient_id (or with the bot itself)", &parsed.json);
                return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            };
            // One DM channel per user, the same one every time.
            let channel = match s.dm_channels.iter().find(|(_, u)| **u == user) {
                Some((channel, _)) => *channel,
                None => {
                    let channel = snowflake();
                    s.dm_channels.insert(channel, user);
                    channel
                }
            };
            let recipient = s.users.get(&user).cloned().unwrap_or_else(|| user_json(user, &format!("user{user}"), None));
            ok_json(dm_channel_json(channel, recipient))
        }
        (Method::GET, ["oauth2", "applications", "@me"]) => ok_json(application_json()),
        _ => {
            s.refuse(method, path, "no such route in the double", &parsed.json);
            discord_error(StatusCode::NOT_FOUND, 0, "404: Not Found")
        }
    }
}

fn register_commands(s: &mut State, guild_id: Option<u64>, body: Value) -> HttpResponse {
    let mut out = Vec::new();
    for command in body.as_array().cloned().unwrap_or_default() {
        let name = command["name"].as_str().unwrap_or_default().to_string();
        let id = *s.command_ids.entry((guild_id, name)).or_insert_with(snowflake);
        let mut c = command.clone();
        c["id"] = json!(id.to_string());
        c["application_id"] = json!(APPLICATION_ID.to_string());
        c["guild_id"] = guild_id.map_or(Value::Null, |g| json!(g.to_string()));
        c["version"] = json!(snowflake().to_string());
        if c["type"].is_null() {
            c["type"] = json!(1);
        }
        if c["description"].is_null() {
            c["description"] = json!("");
        }
        out.push(c);
    }
    s.commands.push(CommandRegistration { guild_id, body });
    ok_json(Value::Array(out))
}

#[allow(clippy::too_many_arguments)]
pub(super) fn record(
    kind: ResponseKind,
    interaction: Option<(u64, Instant)>,
    callback_type: Option<u64>,
    body: Value,
    attachments: Vec<Attachment>,
    message_id: Option<u64>,
    channel_id: Option<u64>,
    data: Option<Value>,
) -> Response {
    let data = data.unwrap_or_else(|| body.clone());
    Response {
        kind,
        interaction_id: interaction.map(|i| i.0),
        callback_type,
        content: data["content"].as_str().map(str::to_string),
        flags: data["flags"].as_u64().unwrap_or(0),
        components: data["components"].as_array().cloned().unwrap_or_default(),
        allowed_mentions: data.get("allowed_mentions").filter(|v| !v.is_null()).cloned(),
        attachments,
        message_id,
        channel_id,
        elapsed: interaction.map(|i| i.1.elapsed()),
        notified: Vec::new(),
        bot_token: None,
        body,
        data,
    }
}

fn interaction_callback(s: &mut State, base: &str, method: &Method, path: &str, id: &str, token: &str, parsed: Parsed) -> HttpResponse {
    let id: u64 = id.parse().unwrap_or(0);
    let body = parsed.json;
    let Some(rec) = s.interactions.get(&id).filter(|r| r.token == token) else {
        s.refuse(method, path, "callback for an unknown interaction or token", &body);
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    };
    if rec.acked.is_some() {
        let answer_lost = rec.answer_lost;
        let retry = s.callback_retries_allowed
            && s.interactions.get_mut(&id).and_then(|r| r.first_callback.take()).is_some_and(|first| first == body);
        if retry {
            s.callback_retries += 1;
        } else if !answer_lost {
            s.refuse(method, path, "second callback for one interaction", &body);
        }
        return discord_error(StatusCode::BAD_REQUEST, 40060, "Interaction has already been acknowledged.");
    }
    if rec.dispatched.elapsed() > s.ack_deadline {
        let late = rec.dispatched.elapsed();
        s.refuse(method, path, &format!("first response {late:?} after the interaction (Discord allows 3 s)"), &body);
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    }
    if let Some(why) = over_limit(&body["data"]) {
        s.refuse(method, path, &format!("over Discord's limits: {why}"), &body);
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    }
    let interaction_type = rec.payload["type"].as_u64().unwrap_or(0);
    let Some(kind) = body["type"].as_u64() else {
        s.refuse(method, path, "callback without a type", &body);
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    };
    let allowed = match interaction_type {
        2 => [4, 5, 9].contains(&kind),
        3 => [4, 5, 6, 7, 9].contains(&kind),
        4 => kind == 8,
        5 => [4, 5, 6, 7].contains(&kind),
        _ => false,
    };
    if !allowed {
        s.refuse(method, path, &format!("callback type {kind} is not allowed for interaction type {interaction_type}"), &body);
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body (interaction callback type)");
    }
    let data = body.get("data").cloned().unwrap_or(Value::Null);
    let channel = id_of(&rec.payload["channel_id"]).unwrap_or(CHANNEL_ID);
    let component_message = id_of(&rec.payload["message"]["id"]);
    let component_message_json = rec.payload["message"].clone();
    let dispatched = rec.dispatched;
    let token = rec.token.clone();
    let mut recorded = vec![];
    let mut message_id = None;
    match kind {
        callback::MESSAGE | callback::DEFERRED_MESSAGE => {
            let (attachments, rec_files) = s.store_uploads(base, &data, parsed.uploads);
            recorded = rec_files;
            let mut flags = data["flags"].as_u64().unwrap_or(0);
            if kind == callback::DEFERRED_MESSAGE {
                flags = (flags & EPHEMERAL) | LOADING;
            }
            let msg_data = if kind == callback::DEFERRED_MESSAGE { json!({}) } else { data.clone() };
            let mid = snowflake();
            let msg = s.message_json(mid, channel, &msg_data, attachments, flags, true);
            s.insert_message(msg, Some(token));
            message_id = Some(mid);
        }
        callback::DEFERRED_UPDATE | callback::UPDATE_MESSAGE => {
            let mid = component_message.unwrap_or_else(snowflake);
            if !s.messages.contains_key(&mid) {
                let mut stub = component_message_json;
                stub["id"] = json!(mid.to_string());
                s.insert_message(stub, None);
                s.messages.get_mut(&mid).expect("stored").stub = true;
            }
            if kind == callback::UPDATE_MESSAGE {
                recorded = s.edit_message(base, mid, &data, parsed.uploads);
            }
            message_id = Some(mid);
        }
        _ => {}
    }
    let first_callback = s.callback_retries_allowed.then(|| body.clone());
    let rec = s.interactions.get_mut(&id).expect("interaction");
    rec.acked = Some(kind);
    rec.first_callback = first_callback;
    rec.original = message_id;
    rec.messages.extend(message_id);
    let notified = if kind == callback::MESSAGE { notified_users(&data) } else { Vec::new() };
    let mut r = record(ResponseKind::Callback, Some((id, dispatched)), Some(kind), body, recorded, message_id, Some(channel), Some(data));
    r.notified = notified;
    s.sent.push(r);
    no_content()
}

/// The interaction behind a webhook token, if it was acknowledged (Discord refuses follow-ups
/// and edits before the callback).
fn acked_interaction(s: &mut State, method: &Method, path: &str, token: &str, body: &Value) -> Result<u64, Box<HttpResponse>> {
    match s.tokens.get(token).copied() {
        Some(id) if s.interactions[&id].acked.is_some() => Ok(id),
        Some(_) => {
            s.refuse(method, path, "follow-up or edit before the interaction callback", body);
            Err(Box::new(discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook")))
        }
        None => {
            s.refuse(method, path, "unknown interaction token", body);
            Err(Box::new(discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook")))
        }
    }
}

fn followup(s: &mut State, base: &str, method: &Method, path: &str, token: &str, parsed: Parsed, wait: bool) -> HttpResponse {
    let body = parsed.json;
    let id = match acked_interaction(s, method, path, token, &body) {
        Ok(id) => id,
        Err(response) => return *response,
    };
    if let Some(why) = over_limit(&body) {
        s.refuse(method, path, &format!("over Discord's limits: {why}"), &body);
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    }
    let rec = &s.interactions[&id];
    let dispatched = rec.dispatched;
    let channel = id_of(&rec.payload["channel_id"]).unwrap_or(CHANNEL_ID);
    let loading_original = rec.original.filter(|m| s.messages.get(m).is_some_and(|m| m.json["flags"].as_u64().unwrap_or(0) & LOADING != 0));
    let (message_id, recorded) = match loading_original {
        // The first follow-up after a deferred callback fills in the "thinking…" message.
        Some(original) => {
            let recorded = s.edit_message(base, original, &body, parsed.uploads);
            (original, recorded)
        }
        None => {
            let (attachments, recorded) = s.store_uploads(base, &body, parsed.uploads);
            let flags = body["flags"].as_u64().unwrap_or(0);
            let mid = snowflake();
            let msg = s.message_json(mid, channel, &body, attachments, flags, true);
            s.insert_message(msg, Some(token.to_string()));
            s.interactions.get_mut(&id).expect("interaction").messages.push(mid);
            (mid, recorded)
        }
    };
    let notified = if loading_original.is_some() { Vec::new() } else { notified_users(&body) };
    let mut r = record(ResponseKind::Followup, Some((id, dispatched)), None, body, recorded, Some(message_id), Some(channel), None);
    r.notified = notified;
    s.sent.push(r);
    if wait { ok_json(s.messages[&message_id].json.clone()) } else { no_content() }
}

fn webhook_message(s: &mut State, base: &str, method: &Method, path: &str, token: &str, which: &str, parsed: Parsed) -> HttpResponse {
    let body = parsed.json;
    let id = match acked_interaction(s, method, path, token, &body) {
        Ok(id) => id,
        Err(response) => return *response,
    };
    let rec = &s.interactions[&id];
    let dispatched = rec.dispatched;
    let channel = id_of(&rec.payload["channel_id"]);
    let original = which == "@original";
    let target = if original { rec.original } else { which.parse().ok().filter(|m| rec.messages.contains(m)) };
    let Some(message) = target.filter(|m| s.messages.contains_key(m)) else {
        s.refuse(method, path, "unknown message for this token", &body);
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    };
    if *method == Method::PATCH
        && let Some(why) = over_limit(&body)
    {
        s.refuse(method, path, &format!("over Discord's limits: {why}"), &body);
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    }
    match *method {
        Method::GET => ok_json(s.messages[&message].json.clone()),
        Method::PATCH => {
            let recorded = s.edit_message(base, message, &body, parsed.uploads);
            let kind = if original { ResponseKind::EditOriginal } else { ResponseKind::EditFollowup };
            let r = record(kind, Some((id, dispatched)), None, body, recorded, Some(message), channel, None);
            s.sent.push(r);
            ok_json(s.messages[&message].json.clone())
        }
        _ => {
            s.messages.remove(&message);
            let kind = if original { ResponseKind::DeleteOriginal } else { ResponseKind::DeleteFollowup };
            let r = record(kind, Some((id, dispatched)), None, Value::Null, vec![], Some(message), channel, None);
            s.sent.push(r);
            no_content()
        }
    }
}

impl State {
    /// `GET /channels/{id}/messages`: the channel's messages as Discord lists them, newest
    /// first, `limit` of them (50 unless asked, 100 at most), those after or before a message id
    /// if asked. Ephemeral messages are nobody's history, and, as on Discord, no message carries
    /// the nonce it was posted with (only the answer to its post did).
    fn channel_history(&self, channel: u64, query: &str) -> Vec<Value> {
        let param = |name: &str| query.split('&').find_map(|kv| kv.strip_prefix(name)?.strip_prefix('=')?.parse::<u64>().ok());
        let limit = param("limit").unwrap_or(50).clamp(1, 100) as usize;
        let (after, before) = (param("after"), param("before"));
        let mut listed: Vec<Value> = self
            .by_channel
            .get(&channel)
            .into_iter()
            .flatten()
            .filter(|id| after.is_none_or(|a| **id > a) && before.is_none_or(|b| **id < b))
            .filter_map(|id| self.messages.get(id))
            .filter(|m| !m.stub && id_of(&m.json["channel_id"]) == Some(channel))
            .filter(|m| m.json["flags"].as_u64().unwrap_or(0) & EPHEMERAL == 0)
            .map(|m| m.json.clone())
            .collect();
        listed.reverse();
        // Discord pages from the `after` message upwards: the oldest `limit` after it.
        if after.is_some() && listed.len() > limit {
            listed.drain(..listed.len() - limit);
        }
        listed.truncate(limit);
        listed
    }

    pub(super) fn refuse(&mut self, method: &Method, path: &str, reason: &str, body: &Value) {
        self.unexpected.push(Unexpected {
            method: method.to_string(),
            path: path.to_string(),
            reason: reason.to_string(),
            body: body.clone(),
        });
    }

    pub(super) fn insert_message(&mut self, json: Value, token: Option<String>) -> u64 {
        let id = id_of(&json["id"]).expect("message id");
        let json_channel = json["channel_id"].clone();
        self.messages.insert(id, StoredMessage { json, token, stub: false });
        self.message_order.push(id);
        if let Some(channel) = id_of(&json_channel) {
            self.by_channel.entry(channel).or_default().push(id);
        }
        id
    }

    /// Stores the uploads as attachments of a message-to-be; returns the message attachment
    /// objects and the recorded attachments.
    pub(super) fn store_uploads(&mut self, base: &str, data: &Value, uploads: Vec<Upload>) -> (Vec<Value>, Vec<Attachment>) {
        let meta = data["attachments"].as_array().cloned().unwrap_or_default();
        let mut objects = Vec::new();
        let mut recorded = Vec::new();
        for mut upload in uploads {
            let size = upload.bytes.len();
            if !self.keep_files {
                upload.bytes = Vec::new();
            }
            let entry = meta.iter().find(|a| id_of(&a["id"]) == Some(upload.index));
            let filename = entry
                .and_then(|a| a["filename"].as_str().map(str::to_string))
                .or(upload.filename)
                .unwrap_or_else(|| format!("file{}", upload.index));
            let description = entry.and_then(|a| a["description"].as_str().map(str::to_string));
            let id = snowflake();
            let url = format!("{base}/attachments/{id}/{filename}");
            objects.push(json!({
                "id": id.to_string(),
                "filename": filename,
                "description": description,
                "size": size,
                "url": url,
                "proxy_url": url,
                "content_type": upload.content_type,
            }));
            self.files.insert(id, (filename.clone(), upload.content_type.clone(), upload.bytes.clone()));
            recorded.push(Attachment { id, filename, description, content_type: upload.content_type, bytes: upload.bytes });
        }
        (objects, recorded)
    }

    pub(super) fn message_json(
        &self,
        id: u64,
        channel_id: u64,
        data: &Value,
        attachments: Vec<Value>,
        flags: u64,
        interaction: bool,
    ) -> Value {
        let content = data["content"].as_str().unwrap_or_default();
        json!({
            "id": id.to_string(),
            "channel_id": channel_id.to_string(),
            "guild_id": if self.dm_channels.contains_key(&channel_id) {
                Value::Null
            } else {
                json!(self.channels.get(&channel_id).copied().unwrap_or(GUILD_ID).to_string())
            },
            "author": bot_user_json(),
            "content": content,
            "timestamp": timestamp(),
            "edited_timestamp": null,
            "tts": data["tts"].as_bool().unwrap_or(false),
            "mention_everyone": false,
            "mentions": self.mention_objects(content),
            "mention_roles": [],
            "mention_channels": [],
            "attachments": attachments,
            "embeds": data["embeds"].as_array().cloned().unwrap_or_default(),
            "reactions": [],
            "pinned": false,
            "webhook_id": if interaction { json!(APPLICATION_ID.to_string()) } else { Value::Null },
            "application_id": if interaction { json!(APPLICATION_ID.to_string()) } else { Value::Null },
            "type": 0,
            "flags": flags,
            "components": data["components"].as_array().cloned().unwrap_or_default(),
            "sticker_items": [],
        })
    }

    fn mention_objects(&self, content: &str) -> Vec<Value> {
        mentioned_ids(content)
            .into_iter()
            .map(|id| self.users.get(&id).cloned().unwrap_or_else(|| user_json(id, &format!("user{id}"), None)))
            .collect()
    }

    /// Applies a PATCH body to a stored message.
    fn edit_message(&mut self, base: &str, id: u64, data: &Value, uploads: Vec<Upload>) -> Vec<Attachment> {
        let (new_objects, recorded) = self.store_uploads(base, data, uploads);
        let mentions = data["content"].as_str().map(|c| self.mention_objects(c));
        let msg = &mut self.messages.get_mut(&id).expect("stored message").json;
        if let Some(content) = data.get("content").filter(|c| !c.is_null()) {
            msg["content"] = content.clone();
        }
        if let Some(mentions) = mentions {
            msg["mentions"] = json!(mentions);
        }
        for key in ["embeds", "components"] {
            if let Some(v) = data.get(key).filter(|v| !v.is_null()) {
                msg[key] = v.clone();
            }
        }
        let mut attachments: Vec<Value> = match data.get("attachments").and_then(Value::as_array) {
            // Kept attachments are listed by their existing id; new ones carry placeholder ids.
            Some(listed) => msg["attachments"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .filter(|a| listed.iter().any(|l| id_of(&l["id"]).is_some() && id_of(&l["id"]) == id_of(&a["id"])))
                .collect(),
            None => msg["attachments"].as_array().cloned().unwrap_or_default(),
        };
        attachments.extend(new_objects);
        msg["attachments"] = json!(attachments);
        let flags = msg["flags"].as_u64().unwrap_or(0) & !LOADING;
        msg["flags"] = json!(flags);
        msg["edited_timestamp"] = json!(timestamp());
        recorded
    }
}
