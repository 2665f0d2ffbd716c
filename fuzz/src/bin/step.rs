//! AFL target: see `ludus_fuzz::step`.
fn main() {
    afl::fuzz!(|data: &[u8]| ludus_fuzz::step(data));
}
