//! The one error type of the engine: what went wrong, in words for a person.

use std::fmt;

/// Why something could not be done: an illegal step, a bad option, a broken record.
/// The message is a whole sentence fragment meant for a person ("c4 is occupied").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(pub String);

impl Error {
    pub fn new(message: impl Into<String>) -> Self {
        Error(message.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// Shorthand for returning an explained error.
pub fn fail<T>(message: impl Into<String>) -> Result<T, Error> {
    Err(Error::new(message))
}
