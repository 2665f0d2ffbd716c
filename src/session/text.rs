//! The text file.
