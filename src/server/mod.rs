//! The live-play server (`ludus serve`, docs/ONLINE.md): games between people on several
//! devices, kept and checked by the server with the same engine as the page.
//!
//! - `protocol`: the frames over the WebSocket and the reader of a client's frames (plain
//!   serde: the fuzz crate reads frames without the server's runtime).
//! - `table`: one game online and every change a player makes to it (pure, no I/O).
//! - `store/`: where games are kept (SQLite, or Redis for several servers).
//! - `hub`, `live`, `connection`, `limits`, `http`: fan-out to this server's connections,
//!   changes under a lock with retries, one page's socket, rate limits, the HTTP server.

pub mod protocol;
#[cfg(feature = "server")]
pub mod table;

#[cfg(feature = "server")]
mod connection;
#[cfg(feature = "server")]
pub mod http;
#[cfg(feature = "server")]
pub mod hub;
#[cfg(feature = "server")]
mod limits;
#[cfg(feature = "server")]
pub mod live;
#[cfg(feature = "server")]
pub mod store;
