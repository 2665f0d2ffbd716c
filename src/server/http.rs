//! `ludus serve`: the built page and the live endpoint on one port.

use super::connection;
use super::hub::Hub;
use super::limits::Addresses;
use super::live::{Live, SWEEP};
use super::store::{redis::RedisStore, sqlite::SqliteStore, Store};
use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

/// The largest message a socket reads at all; past `MAX_FRAME_BYTES` a frame is refused
/// with a reason, past this the connection is closed.
const MAX_MESSAGE: usize = 64 * 1024;

pub struct ServeOptions {
    pub address: String,
    pub port: u16,
    pub dist: PathBuf,
    pub db: PathBuf,
    pub redis: Option<String>,
}

#[derive(Clone)]
struct App {
    live: Arc<Live>,
    addresses: Arc<Addresses>,
    /// Turns true when the server stops: each socket then closes, saying so.
    stopping: tokio::sync::watch::Receiver<bool>,
}

/// Runs the server until Ctrl-C (or SIGTERM); an error says what stopped it starting.
pub fn serve(options: ServeOptions) -> Result<(), String> {
    if !options.dist.join("index.html").is_file() {
        return Err(format!(
            "no built page in {}: build it first (trunk build --release --offline; scripts/play.sh does)",
            options.dist.display()
        ));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start: {e}"))?;
    runtime.block_on(run(options))
}

async fn run(options: ServeOptions) -> Result<(), String> {
    let hub = Arc::new(Hub::default());
    let store = match &options.redis {
        Some(url) => Store::Redis(
            RedisStore::open(url, hub.clone())
                .await
                .map_err(|e| e.to_string())?,
        ),
        None => {
            if let Some(folder) = options.db.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(folder)
                    .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
            }
            Store::Sqlite(SqliteStore::open(&options.db, hub.clone()).map_err(|e| e.to_string())?)
        }
    };
    let live = Arc::new(Live::new(store, hub));
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let app = App {
        live: live.clone(),
        addresses: Arc::new(Addresses::default()),
        stopping,
    };
    let sweeper = live.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(SWEEP);
        loop {
            tick.tick().await;
            sweeper.sweep().await;
        }
    });
    let router = Router::new()
        .route("/live", get(socket))
        .route("/live/info", get(info))
        .fallback_service(
            ServeDir::new(&options.dist)
                .precompressed_br()
                .precompressed_gzip(),
        )
        // The service worker keeps the offline copy; the browser's cache only revalidates.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        .with_state(app);
    let listener = tokio::net::TcpListener::bind((options.address.as_str(), options.port))
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", options.address, options.port))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    let store = match &options.redis {
        Some(_) => "Redis".to_string(),
        None => format!("SQLite {}", options.db.display()),
    };
    println!("Ludus is at http://{bound}/ (games in {store}; Ctrl-C stops it)");
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        stopped().await;
        let _ = stop.send(true);
    })
    .await
    .map_err(|e| e.to_string())?;
    // The sockets close with "restarting" (see `connection::run`): give them a moment.
    for _ in 0..20 {
        if connection::OPEN.load(std::sync::atomic::Ordering::Relaxed) == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    Ok(())
}

async fn stopped() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("a SIGTERM handler");
        tokio::select! {
            _ = interrupt => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}

async fn info(State(app): State<App>) -> Response {
    let body = serde_json::json!({
        "server": "ludus",
        "version": env!("CARGO_PKG_VERSION"),
        "store": app.live.store.name(),
        "following": app.live.hub.followers(),
    });
    (
        [
            (header::CACHE_CONTROL, "no-store"),
            (header::CONTENT_TYPE, "application/json"),
        ],
        body.to_string(),
    )
        .into_response()
}

async fn socket(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let ip = peer.ip();
    if !app.addresses.connect(ip) {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            "too many connections from your address",
        )
            .into_response();
    }
    upgrade
        // A small read buffer per socket: frames are small, and tungstenite's default of
        // 128 KiB each made most of the server's memory with thousands of pages.
        .read_buffer_size(4096)
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_failed_upgrade({
            let addresses = app.addresses.clone();
            move |_| addresses.disconnect(ip)
        })
        .on_upgrade(move |socket| {
            connection::run(app.live, app.addresses, app.stopping, socket, ip)
        })
}
