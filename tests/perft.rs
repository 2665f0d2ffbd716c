//! Data-driven perft over all games (tests/data/perft.txt), through records and sessions,
//! so dispatch and record replay are checked along with the engines.

use ludus::session::Session;

#[test]
fn perft_table() {
    let table = include_str!("data/perft.txt");
    let mut checked = 0;
    for (line_no, line) in table.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(fields.len(), 4, "line {}: {line}", line_no + 1);
        let (game, options, steps, expectations) = (fields[0], fields[1], fields[2], fields[3]);
        let mut record = game.to_string();
        if !options.is_empty() {
            record.push(';');
            record.push_str(options);
        }
        if !steps.is_empty() {
            record.push_str(";moves=");
            record.push_str(&steps.split_whitespace().collect::<Vec<_>>().join(","));
        }
        let session = Session::from_record(&record)
            .unwrap_or_else(|e| panic!("line {}: {record}: {e}", line_no + 1));
        for pair in expectations.split_whitespace() {
            let (depth, expected) = pair.split_once(':').unwrap();
            let depth: u32 = depth.parse().unwrap();
            let expected: u64 = expected.parse().unwrap();
            assert_eq!(
                session.current().perft(depth),
                expected,
                "perft({depth}) of {record}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 17, "only {checked} perft values checked");
}
