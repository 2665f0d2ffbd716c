//! AFL target: see `ludus_fuzz::text_file`.
fn main() {
    afl::fuzz!(|data: &[u8]| ludus_fuzz::text_file(data));
}
