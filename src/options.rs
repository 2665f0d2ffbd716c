//! Game options as text: `key=value` pairs, from the command line (`--size 6`) or a record
//! (`size=6`). Each engine reads the keys it knows; unknown keys are an error.

use crate::game::{shorten, Error};
use std::ops::RangeInclusive;

/// Option keys and values, in the order given. Keys are lower-case words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionMap {
    entries: Vec<(String, String)>,
}

impl OptionMap {
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets a key, replacing an earlier value.
    pub fn set(&mut self, key: impl Into<String>, value: impl Into<String>) {
        let (key, value) = (key.into(), value.into());
        match self.entries.iter_mut().find(|(k, _)| *k == key) {
            Some(entry) => entry.1 = value,
            None => self.entries.push((key, value)),
        }
    }

    /// Removes a key (nothing if absent).
    pub fn remove(&mut self, key: &str) {
        self.entries.retain(|(k, _)| k != key);
    }

    pub fn with(mut self, key: &str, value: impl Into<String>) -> Self {
        self.set(key, value);
        self
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    pub fn entries(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Fails on any key not in `known`, naming the ones that are.
    pub fn check_keys(&self, game: &str, known: &[&str]) -> Result<(), Error> {
        for (key, _) in &self.entries {
            if !known.contains(&key.as_str()) {
                return if known.is_empty() {
                    Err(Error::options(format!(
                        "{game} takes no options (got {:?})",
                        shorten(key)
                    )))
                } else {
                    Err(Error::options(format!(
                        "{game} has no option {:?} (it has: {})",
                        shorten(key),
                        known.join(", ")
                    )))
                };
            }
        }
        Ok(())
    }

    /// A whole number in `range`, or `default` when absent.
    pub fn number(
        &self,
        key: &str,
        range: RangeInclusive<usize>,
        default: usize,
    ) -> Result<usize, Error> {
        let Some(text) = self.get(key) else {
            return Ok(default);
        };
        match text.parse::<usize>() {
            Ok(n) if range.contains(&n) => Ok(n),
            _ => Err(Error::options(format!(
                "{key} must be a whole number from {} to {} (got {:?})",
                range.start(),
                range.end(),
                shorten(text)
            ))),
        }
    }

    /// One of `choices`, or `default` when absent.
    pub fn choice<'a>(
        &self,
        key: &str,
        choices: &[&'a str],
        default: &'a str,
    ) -> Result<&'a str, Error> {
        let Some(text) = self.get(key) else {
            return Ok(default);
        };
        match choices.iter().find(|c| **c == text) {
            Some(c) => Ok(c),
            None => Err(Error::options(format!(
                "{key} must be one of {} (got {:?})",
                choices.join(", "),
                shorten(text)
            ))),
        }
    }
}

/// Serialised as an object of strings, keys in order (`{"size": "6"}`).
impl serde::Serialize for OptionMap {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.entries.len()))?;
        for (k, v) in &self.entries {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// The options of a game whose only option is its board size (`MIN..=MAX`, default
/// `DEFAULT`): Unravel, Scattercut and Unlur.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeOptions<const MIN: usize, const MAX: usize, const DEFAULT: usize> {
    pub size: usize,
}

impl<const MIN: usize, const MAX: usize, const DEFAULT: usize> Default
    for SizeOptions<MIN, MAX, DEFAULT>
{
    fn default() -> Self {
        SizeOptions { size: DEFAULT }
    }
}

impl<const MIN: usize, const MAX: usize, const DEFAULT: usize> SizeOptions<MIN, MAX, DEFAULT> {
    pub const KEYS: &'static [&'static str] = &["size"];

    pub fn with_size(size: usize) -> Self {
        SizeOptions { size }
    }

    pub fn from_map(map: &OptionMap) -> Result<Self, Error> {
        map.check_keys("this game", Self::KEYS)?;
        Ok(SizeOptions {
            size: map.number("size", MIN..=MAX, DEFAULT)?,
        })
    }

    /// Canonical: the size only when it is not the default.
    pub fn to_map(&self) -> OptionMap {
        let mut map = OptionMap::new();
        if self.size != DEFAULT {
            map.set("size", self.size.to_string());
        }
        map
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_choices_explain() {
        let m = OptionMap::new().with("size", "30").with("neutral", "pink");
        assert!(m
            .number("size", 3..=19, 8)
            .unwrap_err()
            .message()
            .contains("from 3 to 19"));
        assert_eq!(m.number("other", 3..=19, 8).unwrap(), 8);
        assert!(m
            .choice("neutral", &["purple", "orange", "green"], "green")
            .is_err());
        assert!(m.check_keys("unravel", &["size"]).is_err());
        assert!(m.check_keys("unity", &["size", "neutral"]).is_ok());
    }
}
