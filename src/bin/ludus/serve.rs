//! `ludus serve`: the page and live play on one port (docs/ONLINE.md).

use super::Args;
use ludus::server::http::{serve, ServeOptions};
use ludus::Error;
use std::path::PathBuf;

pub fn run(args: &Args) -> Result<(), Error> {
    args.only(&["port", "address", "dist", "db", "redis"])?;
    args.at_most_positionals(0, "serve takes no arguments, only flags")?;
    let options = ServeOptions {
        address: args.flag("address").unwrap_or("127.0.0.1").to_string(),
        port: args.number("port", Some(8080))?,
        dist: PathBuf::from(args.flag("dist").unwrap_or("dist")),
        db: PathBuf::from(args.flag("db").unwrap_or("data/ludus.db")),
        redis: args.flag("redis").map(str::to_string),
    };
    serve(options).map_err(|e| Error::options(format!("ludus serve: {e}")))
}
