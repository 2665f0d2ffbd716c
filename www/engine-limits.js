// The engine's limits that the page keeps before it asks the engine anything (a link
// too long to hand over, a file too big to read, GIF frames too many to allocate).
// Generated from the Rust constants by tests/typescript.rs: do not edit by hand; run
// `LUDUS_BLESS=1 cargo test --test typescript` after changing one.

/** The longest record the engine reads, in bytes of UTF-8 (MAX_RECORD_LEN in src/session/record.rs) */
export const MAX_RECORD_LENGTH = 200000;

/** The longest comment on a step, in characters (MAX_COMMENT_CHARS in src/session/moves.rs) */
export const MAX_COMMENT_CHARS = 2000;

/** The most tags a text file holds besides Game, Options and At (MAX_TAGS in src/session/text.rs) */
export const MAX_TEXT_TAGS = 32;

/** The longest text file the engine reads, in bytes of UTF-8 (MAX_TEXT_LEN in src/session/text.rs) */
export const MAX_TEXT_LENGTH = 600000;

/** The most bytes of frames the GIF encoder takes (MAX_BYTES in src/animation.rs) */
export const MAX_GIF_BYTES = 1073741824;
