//! AFL target: see `ludus_fuzz::tree_record`.
fn main() {
    afl::fuzz!(|data: &[u8]| ludus_fuzz::tree_record(data));
}
