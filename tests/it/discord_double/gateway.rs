//! The gateway WebSocket: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME.

use super::*;

pub(super) async fn gateway(ws: WebSocketUpgrade, AxState(shared): AxState<Arc<Shared>>, RawQuery(query): RawQuery) -> HttpResponse {
    shared.with(|s| s.gateway_queries.push(query.unwrap_or_default()));
    ws.on_upgrade(move |socket| run_connection(shared, socket))
}

async fn run_connection(shared: Arc<Shared>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let conn_id = shared.with(|s| {
        s.next_conn += 1;
        s.conns.insert(s.next_conn, Conn { tx: tx.clone(), session: None });
        s.next_conn
    });
    let hello = json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": shared.options.heartbeat_interval.as_millis() as u64}});
    let _ = tx.send(Outgoing::Text(hello.to_string()));
    loop {
        tokio::select! {
            incoming = stream.next() => match incoming {
                Some(Ok(WsMessage::Text(text))) => on_gateway_message(&shared, conn_id, &tx, text.as_str()),
                Some(Ok(WsMessage::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
            outgoing = rx.recv() => match outgoing {
                Some(Outgoing::Text(text)) => {
                    if sink.send(WsMessage::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                Some(Outgoing::Close(code, reason)) => {
                    let _ = sink.send(WsMessage::Close(Some(CloseFrame { code, reason: reason.into() }))).await;
                    break;
                }
                None => break,
            },
        }
    }
    shared.with(|s| {
        if let Some(session) = s.conns.remove(&conn_id).and_then(|c| c.session)
            && let Some(session) = s.sessions.get_mut(&session)
            && session.conn == Some(conn_id)
        {
            session.conn = None;
        }
    });
}

fn on_gateway_message(shared: &Shared, conn_id: u64, tx: &mpsc::UnboundedSender<Outgoing>, text: &str) {
    let Ok(frame) = serde_json::from_str::<Value>(text) else { return };
    let send = |v: Value| {
        let _ = tx.send(Outgoing::Text(v.to_string()));
    };
    match frame["op"].as_u64() {
        // Heartbeat → ACK.
        Some(1) => {
            shared.with(|s| s.heartbeats += 1);
            send(json!({"op": 11, "s": null, "t": null, "d": null}));
        }
        // Identify → READY (+ GUILD_CREATE per guild of the shard), or closed as Discord closes it.
        Some(2) => shared.with(|s| {
            s.identifies.push(frame["d"].clone());
            let shard = match identified_shard(&frame["d"]["shard"]) {
                Some(shard) => shard,
                None => {
                    s.rejected.push((frame["d"]["shard"].clone(), INVALID_SHARD));
                    let _ = tx.send(Outgoing::Close(INVALID_SHARD, "Invalid shard."));
                    return;
                }
            };
            let guilds = s.guilds_of_shard(shard);
            if guilds.len() > shared.options.max_guilds_per_shard {
                s.rejected.push((frame["d"]["shard"].clone(), SHARDING_REQUIRED));
                let _ = tx.send(Outgoing::Close(SHARDING_REQUIRED, "Sharding required."));
                return;
            }
            let order = s.identifies.len();
            let session_id = format!("double-session-{order}");
            let token = frame["d"]["token"].as_str().unwrap_or_default().trim_start_matches("Bot ").to_string();
            s.sessions.insert(session_id.clone(), Session { seq: 0, conn: Some(conn_id), shard, token, order });
            if let Some(conn) = s.conns.get_mut(&conn_id) {
                conn.session = Some(session_id.clone());
            }
            s.current.insert(shard, session_id.clone());
            let ready = ready_json(&session_id, &shared.ws_url, json!(shard), &guilds);
            s.dispatch(&session_id, "READY", ready);
            if shared.options.guild_create {
                for guild in guilds {
                    let json = s.guild_json(guild);
                    s.dispatch(&session_id, "GUILD_CREATE", json);
                }
            }
        }),
        // Resume → RESUMED for a shard's current session, else "invalid session, not resumable".
        Some(6) => shared.with(|s| {
            let session_id = frame["d"]["session_id"].as_str().unwrap_or_default().to_string();
            let current = s.sessions.get(&session_id).is_some_and(|session| s.current.get(&session.shard) == Some(&session_id));
            if current {
                s.sessions.get_mut(&session_id).expect("session").conn = Some(conn_id);
                if let Some(conn) = s.conns.get_mut(&conn_id) {
                    conn.session = Some(session_id.clone());
                }
                s.resumes += 1;
                s.dispatch(&session_id, "RESUMED", json!({}));
            } else {
                send(json!({"op": 9, "s": null, "t": null, "d": false}));
            }
        }),
        // Presence updates, member requests and the like: nothing to do.
        _ => {}
    }
}

/// The `shard: [id, count]` of an IDENTIFY, `[0, 1]` when absent (an unsharded bot), or None
/// when Discord would refuse it: not two integers, a count of 0, or an id not below the count.
fn identified_shard(shard: &Value) -> Option<[u32; 2]> {
    if shard.is_null() {
        return Some([0, 1]);
    }
    match shard.as_array()?.as_slice() {
        [id, count] => {
            let (id, count) = (u32::try_from(id.as_u64()?).ok()?, u32::try_from(count.as_u64()?).ok()?);
            (count > 0 && id < count).then_some([id, count])
        }
        _ => None,
    }
}
