//! AFL target: see `ludus_fuzz::packed`.
fn main() {
    afl::fuzz!(|data: &[u8]| ludus_fuzz::packed(data));
}
