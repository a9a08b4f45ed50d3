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
        // Identify → READY (+ GUILD_CREATE).
        Some(2) => shared.with(|s| {
            s.identifies.push(frame["d"].clone());
            let session_id = format!("double-session-{}", s.identifies.len());
            s.sessions.insert(session_id.clone(), Session { seq: 0, conn: Some(conn_id) });
            if let Some(conn) = s.conns.get_mut(&conn_id) {
                conn.session = Some(session_id.clone());
            }
            s.current_session = Some(session_id.clone());
            let shard = frame["d"]["shard"].clone();
            let ready = ready_json(&session_id, &shared.ws_url, if shard.is_array() { shard } else { json!([0, 1]) });
            s.dispatch("READY", ready);
            if shared.options.guild_create {
                let guild = guild_json(s.app_permissions);
                s.dispatch("GUILD_CREATE", guild);
            }
        }),
        // Resume → RESUMED for the current session, else "invalid session, not resumable".
        Some(6) => shared.with(|s| {
            let session_id = frame["d"]["session_id"].as_str().unwrap_or_default().to_string();
            if s.current_session.as_deref() == Some(session_id.as_str()) && s.sessions.contains_key(&session_id) {
                s.sessions.get_mut(&session_id).expect("session").conn = Some(conn_id);
                if let Some(conn) = s.conns.get_mut(&conn_id) {
                    conn.session = Some(session_id);
                }
                s.resumes += 1;
                s.dispatch("RESUMED", json!({}));
            } else {
                send(json!({"op": 9, "s": null, "t": null, "d": false}));
            }
        }),
        // Presence updates, member requests and the like: nothing to do.
        _ => {}
    }
}
