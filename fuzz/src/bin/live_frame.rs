//! AFL target: see `ludus_fuzz::live_frame`.
fn main() {
    afl::fuzz!(|data: &[u8]| ludus_fuzz::live_frame(data));
}
