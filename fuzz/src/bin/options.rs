//! AFL target: see `ludus_fuzz::options`.
fn main() {
    afl::fuzz!(|data: &[u8]| ludus_fuzz::options(data));
}
