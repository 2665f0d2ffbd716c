//! The live-play server (`ludus serve`, docs/ONLINE.md): games between people on several
//! devices, kept and checked by the server with the same engine as the page.
//!
//! - `protocol`: the frames over the WebSocket and the reader of a client's frames (plain
//!   serde: the fuzz crate reads frames without the server's runtime).

pub mod protocol;

// The load generator needs the runtime (tokio, the WebSocket client): not in the fuzz crate.
#[cfg(feature = "server")]
pub mod loadtest;
