//! AFL target: see `ludus_fuzz::fragment`.
fn main() {
    afl::fuzz!(|data: &[u8]| ludus_fuzz::fragment(data));
}
