//! AFL target: see `ludus_fuzz::unity_setup`.
fn main() {
    afl::fuzz!(|data: &[u8]| ludus_fuzz::unity_setup(data));
}
