//! AFL target: see `ludus_fuzz::record`.
fn main() {
    afl::fuzz!(|data: &[u8]| ludus_fuzz::record(data));
}
